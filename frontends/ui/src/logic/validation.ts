/** The part of a joi schema the forms use; keeps joi itself out of the ui bundle. */
interface ValidatingSchema {
  validate(value: unknown, options?: { context?: Record<string, unknown>; abortEarly?: boolean }): {
    error?: { details: { message: string }[] };
  };
}

/** First validation message of a contracts schema (the spec's text), or undefined when valid. */
export function validationMessage(schema: ValidatingSchema, value: unknown, context?: Record<string, unknown>): string | undefined {
  return schema.validate(value, { context, abortEarly: true }).error?.details[0]?.message;
}
