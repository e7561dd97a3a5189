import Joi from 'joi';
import { TEXT_LIMITS } from '../constants/text-limits';
import { DELETE_WORKSPACE_CONFIRMATION } from '../constants/workspace';
import { email, requiredMessages, text, type Region } from './common';

/*
 * Sign-in, session and workspace-management shapes of the workspace service. The spec names
 * the flows (one-time code by e-mail, password where set, 30-day cookie) but not the
 * requests or the texts; these are the platform's decisions.
 */

export const LOGIN_CODE_LENGTH = 6;
export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;

export const AUTH_MESSAGES = {
  emailInvalid: 'Please enter a valid email',
  codeFormat: `Please enter the ${LOGIN_CODE_LENGTH}-digit code from the e-mail.`,
  codeIncorrect: 'The code is incorrect. Please try again.',
  codeExpired: 'This code has expired or was already used. Please request a new code.',
  tooManyCodes: 'Too many codes requested. Please wait a few minutes and try again.',
  tooManyCodeAttempts: 'Too many incorrect attempts. Please request a new code.',
  passwordTooShort: `Password must be at least ${PASSWORD_LIMITS.min} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_LIMITS.max} characters.`,
  loginFailed: 'Incorrect email or password.',
  tooManyLogins: 'Too many sign-in attempts. Please try again later.',
  signInRequired: 'Please sign in to continue.',
  /** After POST /v2/auth/code; the sign-in page shows the service's answer (the spec's button says "Email Login Code"). */
  codeSent: (email: string) => `We sent a login code to ${email}.`,
  deleteConfirmation: `Please type ${DELETE_WORKSPACE_CONFIRMATION} to confirm.`,
} as const;

const signInEmail = () =>
  email()
    .lowercase()
    .required()
    .messages({ ...requiredMessages(AUTH_MESSAGES.emailInvalid), 'string.email': AUTH_MESSAGES.emailInvalid, 'string.max': AUTH_MESSAGES.emailInvalid });

/** POST /v2/auth/code: e-mails a one-time sign-in code. */
export interface RequestLoginCodeRequest {
  email: string;
}
export const requestLoginCodeRequestSchema = Joi.object<RequestLoginCodeRequest, true>({ email: signInEmail() });

/** POST /v2/auth/verify: signs in with the code; the first sign-in creates the account. */
export interface VerifyLoginCodeRequest {
  email: string;
  code: string;
  /** remembered referral (`ref` query parameter) */
  ref?: string;
  utm_source?: string;
}
export const verifyLoginCodeRequestSchema = Joi.object<VerifyLoginCodeRequest, true>({
  email: signInEmail(),
  code: Joi.string()
    .trim()
    .pattern(new RegExp(`^[0-9]{${LOGIN_CODE_LENGTH}}$`))
    .required()
    .messages({ ...requiredMessages(AUTH_MESSAGES.codeFormat), 'string.pattern.base': AUTH_MESSAGES.codeFormat }),
  ref: text(TEXT_LIMITS.name),
  utm_source: text(TEXT_LIMITS.name),
});

const password = () =>
  Joi.string()
    .min(PASSWORD_LIMITS.min)
    .max(PASSWORD_LIMITS.max)
    .required()
    .messages({ ...requiredMessages(AUTH_MESSAGES.passwordTooShort), 'string.min': AUTH_MESSAGES.passwordTooShort, 'string.max': AUTH_MESSAGES.passwordTooLong });

/** POST /v2/auth/password (signed in): sets or replaces the password. */
export interface SetPasswordRequest {
  password: string;
}
export const setPasswordRequestSchema = Joi.object<SetPasswordRequest, true>({ password: password() });

/** POST /v2/auth/login: signs in with e-mail and password. */
export interface PasswordLoginRequest {
  email: string;
  password: string;
}
export const passwordLoginRequestSchema = Joi.object<PasswordLoginRequest, true>({
  email: signInEmail(),
  // Any length is checked against the hash; only the upper bound protects the server.
  password: Joi.string().max(PASSWORD_LIMITS.max).required().messages({ ...requiredMessages(AUTH_MESSAGES.loginFailed), 'string.max': AUTH_MESSAGES.loginFailed }),
});

/** DELETE /v2/workspaces/{uid}: the typed confirmation. */
export interface DeleteWorkspaceRequest {
  confirmation: string;
}
export const deleteWorkspaceRequestSchema = Joi.object<DeleteWorkspaceRequest, true>({
  confirmation: Joi.string()
    .valid(DELETE_WORKSPACE_CONFIRMATION)
    .required()
    .messages({ ...requiredMessages(AUTH_MESSAGES.deleteConfirmation), 'any.only': AUTH_MESSAGES.deleteConfirmation }),
});

/** The signed-in person. */
export interface AuthUser {
  userId: string;
  email: string;
  hasPassword: boolean;
  /** unix seconds */
  createdAt: number;
}

/** One entry of the workspace switcher. */
export interface WorkspaceSummary {
  uid: string;
  region: Region;
  workspaceName: string;
  workspacePhotoURL?: string;
  /** the user's own (Personal) workspace of that region */
  isOwn: boolean;
  /** present only for members */
  secret?: string;
}

/** GET /v2/auth/session */
export interface SessionResponse {
  success: true;
  user: AuthUser;
  workspaces: WorkspaceSummary[];
  /** true until the own workspace has internal.isAgentOnboardingDone: the shell redirects to /onboarding */
  needsOnboarding: boolean;
}

/** POST /v2/auth/verify and /v2/auth/login (the session itself travels in the HttpOnly cookie). */
export interface SignInResponse {
  success: true;
  user: AuthUser;
  isNewUser: boolean;
}

/** POST /no-auth/workspaces/{uid}/invite?secret&email: the workspace just joined. */
export interface JoinWorkspaceResponse {
  success: true;
  data: WorkspaceSummary;
}

/** POST /v2/workspaces/{uid}/email */
export interface InviteToWorkspaceResponse {
  success: true;
  data: { email: string; link: string };
}
