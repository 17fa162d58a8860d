// Texts of the newsletter flows shown by pages and checked by tests alike.

/** The same reply whether or not the email is already subscribed: the form tells nobody who reads the newsletter. */
export const subscribeRequestedText = "Check your inbox to confirm your subscription. The link works for 7 days.";
export const confirmedText = "You are subscribed: the weekly digest of The Educator will come to your inbox.";
export const confirmLinkInvalidText = "This confirmation link has expired or has already been used. Subscribe again to get a new one.";
export const unsubscribedText = "You are unsubscribed. You will get no more digests from The Educator.";
export const unsubscribeLinkInvalidText = "This unsubscribe link is not valid. Use the link at the end of a digest you received.";
