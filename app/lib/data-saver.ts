// Data saver, as the server and the reader script both read it: the reader's own choice, kept in a
// cookie for a year, else the browser's Save-Data.

export const dataSaverCookieName = "educator_data_saver";
const cookiePattern = new RegExp(`(?:^|;\\s*)${dataSaverCookieName}=(on|off)`);

/** The reader's choice in a Cookie header (or `document.cookie`): true, false, or null when not chosen. */
export function chosenDataSaver(cookies: string): boolean | null {
  const chosen = cookiePattern.exec(cookies)?.[1];
  return chosen ? chosen === "on" : null;
}
