/** A short two-tone chime through Web Audio (no sound file to ship); silent where audio is unavailable or blocked. */
export function playChime(): void {
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.5);
    [880, 1320].forEach((frequency, at) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + at * 0.12);
      tone.stop(context.currentTime + 0.5);
    });
    setTimeout(() => void context.close().catch(() => undefined), 800);
  } catch {
    /* autoplay refused before any user gesture: the popup still shows */
  }
}
