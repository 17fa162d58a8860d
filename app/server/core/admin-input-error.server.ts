/** An expected refusal with a message meant for the editor (shown in a toast or the form). */
export class AdminInputError extends Error {}
