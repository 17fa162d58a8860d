// The events a webhook can be sent. The database raises them (migration 0044, webhook_event()):
// these names are written there too, one per trigger.

export const webhookEvents = [
  "article.published",
  "article.updated",
  "article.unpublished",
  "article.deleted",
  "comment.approved",
  "question.answered",
  "subscriber.confirmed",
] as const;

export type WebhookEvent = (typeof webhookEvents)[number];

/** What "Send test" sends: to one webhook, at once, never raised by anything else. */
export const pingEvent = "ping";

/** Each event as the admin screen names it. */
export const webhookEventLabels: Record<WebhookEvent, string> = {
  "article.published": "Article published",
  "article.updated": "Published article updated",
  "article.unpublished": "Article unpublished",
  "article.deleted": "Published article deleted",
  "comment.approved": "Comment approved",
  "question.answered": "Question answered",
  "subscriber.confirmed": "Newsletter subscriber confirmed",
};

/** The channel the database notifies when deliveries are queued (the senders LISTEN on it). */
export const webhookChannel = "webhook_deliveries";
