/** The largest export file the Import screen and `npm run import` accept (a WordPress WXR or a Ghost JSON export). */
export const maxImportFileBytes = 64 * 1024 * 1024;

/** The largest subscribers CSV the Newsletter screen imports. */
export const maxSubscriberCsvBytes = 5 * 1024 * 1024;

/** Where an uploaded export waits between its preview and its run: never served (it may hold e-mail addresses). */
export const importBucket = "imports";
