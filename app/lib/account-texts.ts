// Texts of the account flows shown by pages and given by the server alike.

/** The same reply whether or not the email has an account: the form tells nobody who reads it. */
export const resetRequestedText = "If an account uses that email, we have sent it a link to choose a new password. The link works for one hour.";
export const resendRequestedText = "If an account with that email is waiting for confirmation, we have sent it a new link.";
export const resetLinkInvalidText = "This link has expired or has already been used. Ask for a new one.";
export const ownerCannotLeaveText = "The site owner's account cannot be deleted.";
/** A role change from a session whose password was typed more than 10 minutes ago. */
export const passwordNeededText = "Please enter your password to change a role: you last typed it more than 10 minutes ago.";

export const invitationInvalidText = "This invitation link is not valid. It may have been used already or have expired. Ask an admin for a new one.";
