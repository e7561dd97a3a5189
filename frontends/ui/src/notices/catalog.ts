import { AGENT_API_MESSAGES, MESSAGES } from '@platform/contracts';

/** Section 8 notices used by the frontends, word for word. Validation texts live in contracts' MESSAGES. */
export const NOTICES = {
  workspace: {
    inviteFailed: MESSAGES.workspace.inviteFailed,
    inviteSucceeded: (email: string) => `Successfully invited ${email}`,
    saveFailed: 'Failed to save workspace.',
    saveSucceeded: 'Successfully saved workspace data.',
    /** The spec has no text for creating one; worded like its siblings, and names what was created. */
    created: (name: string) => `Successfully created workspace ${name}.`,
    deleteFailed: 'Failed to delete workspace.',
    deleteSucceeded: 'Successfully deleted workspace.',
    notFound: MESSAGES.workspace.notFound,
    /* Not in the spec: the platform's own texts for secret rotation and member removal. */
    secretRegenerated: 'Workspace secret regenerated. The old secret no longer works.',
    secretRegenerateFailed: 'Failed to regenerate the workspace secret.',
    memberRemoved: (email: string) => `Removed ${email} from the workspace.`,
    memberRemoveFailed: (email: string) => `Failed to remove ${email}.`,
  },
  session: {
    signInFailed: 'Failed to sign in',
    signInError: 'An error occurred during sign in.',
    signedIn: 'Signed in successfully.',
    signedOut: 'Signed out successfully.',
    signOutError: 'An error occurred during sign out.',
    /** Shown with window.alert, as the spec says "an alert". */
    signOutAlert: 'Error Occured',
  },
  agent: {
    created: 'Agent created successfully, redirecting...',
    createFailed: (error: string) => `Error creating agent, ${error}`,
    createFailedVf: (error: string) => `Error creating agent: ${error}`,
    templateFailed: (message: string) => `Error: ${message}`,
    saveFailed: AGENT_API_MESSAGES.saveFailed,
    exported: 'Agent template exported successfully',
    exportFailed: (message: string) => `Error exporting agent: ${message}`,
    copied: 'Copied to Clipboard',
    /* Not in the spec: the platform's own texts for the key rotation. */
    secretKeyRegenerated: 'Secret key regenerated. The old key no longer works.',
    secretKeyRegenerateFailed: 'Failed to regenerate the secret key.',
  },
  agency: {
    saved: 'Saved successfully',
    saveFailed: 'Error occured when trying to save..',
  },
} as const;
