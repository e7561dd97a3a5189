import { ACCESS_MESSAGES, MESSAGES } from '@platform/contracts';

/** Answers of this service where the spec gives no text (the spec's own texts come from contracts' MESSAGES). */
export const SERVICE_MESSAGES = {
  noAccess: ACCESS_MESSAGES.workspaceNoAccess,
  deleteOwnerOnly: 'Only the owner of a workspace can delete it.',
  deletePersonal: 'Your own workspace cannot be deleted.',
  createNeedsUser: 'Sign in to create a workspace.',
  alreadyMember: (email: string) => `${email} is already a member of this workspace.`,
  notAMember: 'This e-mail is not a member of this workspace.',
  ownerCannotBeRemoved: 'The owner of a workspace cannot be removed.',
  invitationInvalid: 'This invitation is invalid or has expired.',
  invitationOtherEmail: 'This invitation was sent to a different e-mail address.',
  tooManyInvitations: 'Too many invitations sent. Please try again later.',
  inviteFailed: MESSAGES.workspace.inviteFailed,
  codeEmailFailed: 'We could not send the e-mail. Please try again.',
  eventsEndpointNotPublic: 'The events endpoint must be a public http(s) URL.',
  gatewayOnly: ACCESS_MESSAGES.gatewayOnly,
  internalOnly: 'Only platform services may ask this.',
  unknownCredential: ACCESS_MESSAGES.unknownCredential,
  addressRefused: (email: string) => `The mail server refused the address ${email}. Please check it and try again.`,
  rotateNeedsUser: 'Sign in to regenerate the workspace secret.',
} as const;
