export interface Words {
  placeholder: string;
  send: string;
  open: string;
  close: string;
  handoff: string;
  failed: string;
}

/** The widget's own words, in the agent's language (`lang`), English when it has none of them. */
const WORDS: Record<string, Words> = {
  en: { placeholder: 'Type a message…', send: 'Send', open: 'Open chat', close: 'Close chat', handoff: 'Talk to a person', failed: 'The message could not be sent, please try again.' },
  es: { placeholder: 'Escribe un mensaje…', send: 'Enviar', open: 'Abrir chat', close: 'Cerrar chat', handoff: 'Hablar con una persona', failed: 'No se pudo enviar el mensaje, inténtalo de nuevo.' },
  fr: { placeholder: 'Écrivez un message…', send: 'Envoyer', open: 'Ouvrir le chat', close: 'Fermer le chat', handoff: 'Parler à une personne', failed: "Le message n'a pas pu être envoyé, veuillez réessayer." },
  de: { placeholder: 'Nachricht schreiben…', send: 'Senden', open: 'Chat öffnen', close: 'Chat schließen', handoff: 'Mit einer Person sprechen', failed: 'Die Nachricht konnte nicht gesendet werden, bitte erneut versuchen.' },
  it: { placeholder: 'Scrivi un messaggio…', send: 'Invia', open: 'Apri la chat', close: 'Chiudi la chat', handoff: 'Parla con una persona', failed: 'Impossibile inviare il messaggio, riprova.' },
  pt: { placeholder: 'Escreva uma mensagem…', send: 'Enviar', open: 'Abrir chat', close: 'Fechar chat', handoff: 'Falar com uma pessoa', failed: 'Não foi possível enviar a mensagem, tente novamente.' },
  nl: { placeholder: 'Typ een bericht…', send: 'Verstuur', open: 'Chat openen', close: 'Chat sluiten', handoff: 'Met een persoon praten', failed: 'Het bericht kon niet worden verzonden, probeer het opnieuw.' },
};

/** 'pt-BR' → Portuguese; unknown → English. */
export function wordsFor(lang: string | undefined): { lang: string; words: Words } {
  const base = (lang ?? 'en').toLowerCase().split(/[-_]/)[0]!;
  const words = Object.hasOwn(WORDS, base) ? WORDS[base] : undefined;
  return words ? { lang: base, words } : { lang: 'en', words: WORDS.en! };
}
