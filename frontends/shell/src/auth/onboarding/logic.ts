import { UPLOAD, companyDataSchema, uploadProblem, type CompanyData } from '@platform/contracts';

export type CompanyErrors = Partial<Record<keyof CompanyData, string>>;

/** Step 1's messages (spec 5), one per field, from the same schema the service checks. */
export function companyErrors(company: CompanyData): CompanyErrors {
  const { error } = companyDataSchema.validate(company, { abortEarly: false });
  const errors: CompanyErrors = {};
  for (const detail of error?.details ?? []) {
    const field = detail.path[0] as keyof CompanyData;
    errors[field] ??= detail.message;
  }
  return errors;
}

/** A custom brand colour: 3 or 6 hex digits, '#' added when missing; lower case '#rrggbb' or '#rgb', else null. */
export function customHex(input: string): string | null {
  const text = input.trim().replace(/^#?/, '#').toLowerCase();
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(text) ? text : null;
}

export const LOGO_ACCEPT = UPLOAD.onboardingLogoFormats.map((format) => `.${format}`).join(',');

/** Why a logo file is refused (≤ 0.5 MB; png, jpg, jpeg, gif, webp): the upload widget's own messages, or null. */
export function logoProblem(file: { name: string; size: number }): string | null {
  return uploadProblem({ name: file.name, sizeBytes: file.size }, { maxSizeMB: UPLOAD.onboardingLogoMaxMB, accept: LOGO_ACCEPT }) ?? null;
}

/** Agent creation may show Try Again after this many seconds (spec 4.9). */
export const CREATE_RETRY_AFTER_S = 30;
