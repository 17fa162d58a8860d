import path from "node:path";
import type { Logger } from "pino";
import { createLogger } from "#app/server/core/logger.server";
import type { Config } from "#app/server/core/config.server";
import { openDatabase, type Database } from "#app/server/db/database.server";
import type { EmbeddedEngine } from "#app/server/db/embedded-engine.server";
import { provideCursorSecret } from "#app/server/db/keyset.server";
import { createMailer } from "#app/server/core/mail.server";
import { makePrivateFolder } from "#app/server/db/private-folder.server";
import { ensureOwner } from "#app/server/auth/owner.server";
import { pruneRateLimits } from "#app/server/auth/rate-limit.server";
import { pruneExpiredAccountRows } from "#app/server/auth/account.server";
import { pruneRawPageViews } from "#app/server/analytics/analytics.server";
import { pruneUnusedTags } from "#app/server/articles/tags.server";
import { startRealtime } from "#app/server/core/realtime.server";
import { keepSiteSettingsFresh, loadSiteSettings } from "#app/server/core/site-settings.server";
import { metrics } from "#app/server/core/metrics.server";
import { createPageViewQueue } from "#app/server/analytics/page-view-queue.server";
import { provideServices, type Services } from "#app/server/core/services.server";
import { createLocalStorage, createS3Storage, type Storage } from "#app/server/core/storage.server";
import { loadSessionSecret } from "#app/server/auth/auth.server";
import { isEmptyDatabase, seedDemo } from "#app/server/demo/seed-demo.server";
import { appSettings } from "#database/schema";
import { fillArticleBodies } from "#app/server/articles/article-body.server";
import { startScheduledPublishing } from "#app/server/articles/scheduled-publishing.server";
import { composeNewsletterConfirmMail, newsletterConfirmMailKind, prunePendingSubscribers } from "#app/server/newsletter/newsletter.server";
import { startNewsletter } from "#app/server/newsletter/newsletter-delivery.server";
import { startMailQueue, type ComposeMail } from "#app/server/core/mail-queue.server";
import { composeInvitationMail } from "#app/server/users/invitations.server";
import { composeAccountMail } from "#app/server/auth/account-mail.server";
import { composeReviewMail } from "#app/server/articles/review.server";
import { composeCommunityMail, isCommunityMail } from "#app/server/community/community-mail.server";
import { forgetOwnerSignIn, ownerSignIn, watchOwnerSignIn, type OwnerSignIn } from "./owner-sign-in.server";
import { rememberPublicUrl } from "#app/server/core/public-url.server";
import { projectRoot } from "#database/paths";
import { settleDownloadCounts } from "#app/server/resources/download-counts.server";
import { startSchoolPackWorker } from "#app/server/school-pack/pack-runs.server";
import type { PageSource } from "#app/server/school-pack/page-source.server";
import { removeOrphanedResourceFiles } from "#app/server/resources/resources.server";
import { startWebhookSender } from "#app/server/webhooks/webhook-sender.server";

// The start-up wiring: it opens the database, provides the services and starts each feature's
// workers, so it sits above the features (server/main.ts, commands and tests call it); core keeps
// only what the features use.

async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE_DRIVER === "local") {
    makePrivateFolder(config.DATA_DIR);
    return createLocalStorage(path.resolve(config.DATA_DIR, "uploads"));
  }
  return createS3Storage({
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL!,
  });
}

/**
 * Debug-level marks of the start (`npm run bench:startup -- --profile` reads them): milliseconds since
 * the process began, so module loading, opening the database, migrating and seeding can be told apart.
 */
export function logStartupStep(log: Logger, step: string) {
  log.debug({ startup: step, sinceProcessStartMs: Math.round(performance.now()) }, `startup: ${step}`);
}

export interface StartOptions {
  log?: Logger;
  /** Tests pass an already opened database. */
  database?: Database;
  /** The embedded engine the entry started while the modules loaded. */
  engine?: EmbeddedEngine;
  /** Called with the sign-in details of an owner the server created; printed once. */
  announceOwner?: (details: { email: string; password: string }) => void;
  /** The built app's pages, for the school packs; without them (the dev server) this instance makes none. */
  schoolPackPages?: () => Promise<PageSource>;
}

export interface Started {
  services: Services;
  /** The site's owner, and whether they have signed in yet (until they have, every start says how). */
  owner: OwnerSignIn | null;
  stop(): Promise<void>;
}

/** A start-up failure the operator fixes (a database out of reach): one line, no stack. */
export class StartupError extends Error {}

async function openConfiguredDatabase(config: Config, engine: EmbeddedEngine | undefined): Promise<Database> {
  try {
    return await openDatabase(config, engine);
  } catch (error) {
    if (!config.DATABASE_URL) throw error;
    const url = new URL(config.DATABASE_URL);
    const reason = error instanceof AggregateError ? error.errors.map((each: Error) => each.message).join("; ") : (error as Error).message;
    throw new StartupError(`Could not connect to the database of DATABASE_URL (${url.host}${url.pathname}): ${reason || String(error)}`);
  }
}

/** Opens the database, migrates, makes sure there is an admin, loads demo content on an empty database. */
export async function startServices(config: Config, options: StartOptions = {}): Promise<Started> {
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const database = options.database ?? (await openConfiguredDatabase(config, options.engine));
  logStartupStep(log, "database open");
  try {
    await database.migrate();
    logStartupStep(log, "migrations applied");
    const { db } = database;
    const rendered = await fillArticleBodies(db);
    if (rendered > 0) log.info({ articles: rendered }, "article bodies rendered");
    const storage = await createStorage(config);
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log, outboxDir: path.join(config.DATA_DIR, "outbox") });
    const sessionSecret = await loadSessionSecret(db, config.SESSION_SECRET);
    // The page-view rollup trigger counts days in the site's time zone.
    await db
      .insert(appSettings)
      .values({ key: "site_timezone", value: config.SITE_TIMEZONE })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: config.SITE_TIMEZONE } });
    await rememberPublicUrl(db, config.PUBLIC_URL); // for links made by commands (npm run admin -- reset-password)
    const services: Services = {
      config,
      database,
      db,
      storage,
      mailer,
      log,
      sessionSecret,
      realtime: await startRealtime(database),
      pageViewQueue: createPageViewQueue(db, log),
    };
    provideServices(services);
    provideCursorSecret(sessionSecret); // list cursors are signed with the session secret
    await loadSiteSettings(db);
    const stopFollowingSiteSettings = keepSiteSettingsFresh({
      realtime: services.realtime,
      db,
      onError: (error) => log.error({ err: error }, "site settings not reloaded"),
    });
    logStartupStep(log, "services ready");

    async function makeSureOfOwner() {
      const owner = await ensureOwner(db, { email: config.OWNER_EMAIL, password: config.OWNER_PASSWORD });
      if (owner?.refused) {
        log.warn(
          { email: owner.email },
          "OWNER_EMAIL names an existing account that is not an admin: left as it is. Set OWNER_PASSWORD too to take it over, or run npm run admin -- promote",
        );
      }
      if (owner?.generatedPassword) {
        await forgetOwnerSignIn(db); // a new password: nobody has signed in with it
        const announce = options.announceOwner ?? ((details) => log.warn(details, "admin account created: sign in with these details (shown once)"));
        announce({ email: owner.email, password: owner.generatedPassword });
      }
      logStartupStep(log, "owner ensured");
    }
    async function loadDemoContent() {
      if (config.SEED_DEMO && (await isEmptyDatabase(db))) {
        const seeded = await seedDemo(db, storage, new Date(), config.SITE_TIMEZONE);
        log.info(seeded, "demo content loaded");
      }
      logStartupStep(log, "demo content checked");
    }
    // Side by side: each hashes a password (scrypt, off the main thread), and the seed stores pictures.
    await Promise.all([makeSureOfOwner(), loadDemoContent()]);
    const owner = await ownerSignIn(db);
    const stopWatchingOwner =
      owner?.signedIn === false
        ? watchOwnerSignIn(db, services.realtime, owner.userId, (error) => log.error({ err: error }, "owner sign-in not remembered"))
        : () => undefined;

    // PGlite never runs autovacuum; PostgreSQL does, but stale rate-limit rows, raw page views past
    // their retention, expired sessions and links, tags no article uses, and unconfirmed subscriptions are ours to prune either way.
    const maintenance = setInterval(
      () => {
        const vacuum = database.kind === "pglite" ? database.vacuum() : Promise.resolve();
        Promise.all([
          vacuum,
          pruneRateLimits(db),
          pruneRawPageViews(db, config.PAGE_VIEW_RETENTION_DAYS),
          pruneExpiredAccountRows(db),
          pruneUnusedTags(db),
          prunePendingSubscribers(db),
          removeOrphanedResourceFiles(db, services.storage), // files of deleted articles' resources
        ]).then(
          () => metrics().jobRun("maintenance", "success"),
          (error: unknown) => {
            log.error({ err: error }, "maintenance failed");
            metrics().jobRun("maintenance", "failure");
          },
        );
      },
      config.VACUUM_INTERVAL_MINUTES * 60 * 1000,
    );
    maintenance.unref();
    const stopScheduledPublishing = startScheduledPublishing(db, log);
    const newsletter = startNewsletter({
      db,
      mailer,
      log,
      secret: sessionSecret,
      publicUrl: config.PUBLIC_URL,
      timeZone: config.SITE_TIMEZONE,
      worker: config.NEWSLETTER_WORKER,
      ratePerSecond: config.NEWSLETTER_RATE_PER_SECOND,
      maxAttempts: config.NEWSLETTER_MAX_ATTEMPTS,
      retrySeconds: config.NEWSLETTER_RETRY_SECONDS,
    });
    services.wakeNewsletter = newsletter.wake;
    // Review mails name their kind "review-…", an invitation "invitation", Ask Kafundisha's theirs; the rest are the accounts'.
    const compose: ComposeMail = (tx, job) => {
      if (job.kind.startsWith("review-")) return composeReviewMail(tx, job);
      if (job.kind === "invitation") return composeInvitationMail(tx, job);
      if (job.kind === newsletterConfirmMailKind) return composeNewsletterConfirmMail(tx, job);
      return isCommunityMail(job.kind) ? composeCommunityMail(tx, job) : composeAccountMail(tx, job);
    };
    const mailQueue = startMailQueue({ db, mailer, log, compose });
    services.wakeMailQueue = mailQueue.wake;
    const schoolPacks =
      options.schoolPackPages && config.SCHOOL_PACK_WORKER
        ? startSchoolPackWorker({ services, pages: options.schoolPackPages, clientDir: path.join(projectRoot, "build/client") })
        : null;
    services.wakeSchoolPacks = schoolPacks?.wake;
    // Woken by the database when an event queues deliveries, on whichever instance raised it.
    const webhookSender = config.WEBHOOK_WORKER ? await startWebhookSender({ db, database, log, allowPrivate: config.OUTBOUND_ALLOW_PRIVATE }) : null;

    return {
      services,
      owner,
      async stop() {
        stopWatchingOwner();
        stopFollowingSiteSettings();
        clearInterval(maintenance);
        await stopScheduledPublishing();
        await newsletter.stop(); // the mail in hand is sent and marked before the database closes
        await mailQueue.stop();
        await schoolPacks?.stop(); // a pack being made is queued again for the next start
        await webhookSender?.stop(); // the deliveries in hand are sent and marked
        await services.pageViewQueue.stop(); // accepted views are written before the database closes
        await settleDownloadCounts(); // and the downloads already counted
        services.realtime.close();
        await database.close();
        provideServices(undefined);
        provideCursorSecret(undefined);
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
