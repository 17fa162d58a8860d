// A month of readers and an editor's history, so a new site's Analytics and revisions show something.
import crypto from "node:crypto";

const day = 24 * 60 * 60 * 1000;

/** Deterministic "random" numbers: the same demo every time. */
function sequence(seed: string) {
  let counter = 0;
  return () => crypto.createHash("sha256").update(`${seed}:${counter++}`).digest().readUInt32BE(0) / 2 ** 32;
}

const referrers = [null, null, null, "https://www.google.com", "https://www.facebook.com", "https://web.whatsapp.com", "https://www.bing.com"];

/**
 * About 2,400 page views over the 30 days before `now`: more on school days, most on articles,
 * from 400 returning visitors; written through the beacon's table, so the rollups count them.
 */
export function demoPageViews(now: Date, paths: { articles: string[]; others: string[] }) {
  const random = sequence("demo-page-views");
  const visitors = Array.from({ length: 400 }, (_, index) => {
    const hex = crypto.createHash("md5").update(`demo-visitor-${index}`).digest("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  });
  const views: { path: string; referrer: string | null; visitorId: string; createdAt: Date }[] = [];
  for (let daysAgo = 0; daysAgo < 30; daysAgo++) {
    const date = new Date(now.getTime() - daysAgo * day);
    const schoolDay = date.getUTCDay() !== 0 && date.getUTCDay() !== 6;
    const count = Math.round((schoolDay ? 90 : 35) * (0.7 + random() * 0.6));
    for (let view = 0; view < count; view++) {
      const onArticle = random() < 0.7;
      const pool = onArticle ? paths.articles : paths.others;
      // Earlier in the day of `daysAgo`, never after `now`.
      const createdAt = new Date(date.getTime() - Math.floor(random() * (daysAgo === 0 ? 12 : 24) * 60 * 60 * 1000));
      views.push({
        path: pool[Math.floor(random() ** 1.6 * pool.length)]!, // a few pages read most
        referrer: referrers[Math.floor(random() * referrers.length)]!,
        visitorId: visitors[Math.floor(random() * visitors.length)]!,
        createdAt,
      });
    }
  }
  return views;
}
