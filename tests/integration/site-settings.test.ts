import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen, rawRequest } from "#tests/helpers/pages";
import { withTwoInstances } from "#tests/helpers/instances";
import { postForm, signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { defaultSiteSettings, invitationOnlyText } from "#app/lib/site-settings";

// Settings in the database (issue 39): what an admin saves is what every reader sees on the next
// page, kept pages included, and what the server enforces (sign-up, comments, Ask Kafundisha).

const owner = { OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" };
let server: TestServer;
let admin: CookieJar;
let articleId: string;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", ...owner });
  const category = await aCategory(server.services.db, { name: "School Leadership", slug: "school-leadership" });
  articleId = (await anArticle(server.services.db, { title: "Leading a staff meeting", categoryId: category.id })).id;
  admin = await signInOverHttp(server.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
});
afterAll(() => server.close());

/** The Settings form as an admin fills it: the defaults, with `changes`. */
function settingsForm(changes: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    name: defaultSiteSettings.name,
    tagline: defaultSiteSettings.tagline,
    logoUrl: "",
    contactEmail: defaultSiteSettings.contactEmail,
    contactPhone: defaultSiteSettings.contactPhone,
    contactAddress: defaultSiteSettings.contactAddress,
    signUp: "open",
    comments: "readers",
    askKafundisha: "on",
  };
  defaultSiteSettings.navigation.forEach((key, index) => (fields[`nav:${key}`] = String(index + 1)));
  return Object.fromEntries(Object.entries({ ...fields, ...changes }).filter(([, value]) => value !== "-"));
}

const saveSettings = (fields: Record<string, string>, jar: CookieJar = admin, baseUrl = server.url) => postForm(baseUrl, "/admin/settings", fields, jar);
const headerOf = (html: string) => html.slice(html.indexOf('aria-label="Main"'), html.indexOf('id="mobile-menu"'));
/** The header's site links (not the name, Sign In, Account or Admin Dashboard). */
const headerLinks = (html: string) =>
  [...headerOf(html).matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)</g)]
    .map((match) => `${match[2]} ${match[1]}`)
    .filter((link) => !/ \/(admin|auth|account)?(\?.*)?$/.test(link));

describe(`site settings (${testDatabaseKind})`, () => {
  it("renames the magazine and reorders its header for every reader at once, kept pages included", async () => {
    await pageWhen(`${server.url}/about`, (page) => page.cache === "hit", "the About page is kept");

    const saved = await saveSettings(
      settingsForm({
        name: "Kafue Teachers' Journal",
        tagline: "Practical ideas for Kafue's classrooms.",
        contactEmail: "desk@kafue.example",
        contactPhone: "+260 977 123 456",
        "nav:/articles": "-",
        "nav:/categories": "-",
        "nav:/resources": "-",
        "nav:/contact": "1",
        "nav:category:school-leadership": "2",
        "nav:/about": "3",
        "nav:/ask-kafundisha": "4",
      }),
    );
    expect(saved.status).toBe(200);

    const about = await rawRequest(`${server.url}/about`);
    expect(about.cache).not.toBe("hit"); // dropped with the change, not aged out
    expect(about.html).toContain(" | Kafue Teachers&#x27; Journal</title>");
    expect(headerOf(about.html)).toContain("KAFUE TEACHERS&#x27; JOURNAL");
    expect(headerLinks(about.html)).toEqual([
      "Contact /contact",
      "School Leadership /category/school-leadership",
      "About /about",
      "Ask Kafundisha /ask-kafundisha",
    ]);

    const home = (await rawRequest(`${server.url}/`)).html;
    expect(home).toContain("Kafue Teachers&#x27; Journal</h1>");
    expect(home).toContain("Practical ideas for Kafue&#x27;s classrooms.");
    expect(home).toContain('<meta property="og:site_name" content="Kafue Teachers&#x27; Journal"/>');

    const contact = (await rawRequest(`${server.url}/contact`)).html;
    expect(contact).toContain('href="mailto:desk@kafue.example"');
    expect(contact).toContain('href="tel:+260977123456"');
    expect(contact).not.toContain("hello@theeducator.co.zm");

    // The settings screen shows what was saved.
    const screen = await (await fetch(`${server.url}/admin/settings`, { headers: { Cookie: admin.header() } })).text();
    expect(screen).toContain('value="Kafue Teachers&#x27; Journal"');
  });

  it("refuses a form without a name, keeping everything typed, and saves nothing", async () => {
    const refused = await saveSettings(settingsForm({ name: "  ", tagline: "Kept as typed", contactEmail: "not-an-address" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Site name is required.");
    expect(html).toContain('value="Kept as typed"');
    expect((await rawRequest(`${server.url}/`)).html).not.toContain("Kept as typed");

    const badEmail = await saveSettings(settingsForm({ contactEmail: "not-an-address" }));
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain("Contact email must be an email address.");
    const badLogo = await saveSettings(settingsForm({ logoUrl: "https://elsewhere.example/logo.png" }));
    expect(badLogo.status).toBe(400);
    const tooMany = await saveSettings(settingsForm({ "nav:/school-packs": "7", "nav:category:school-leadership": "8", "nav:/contact": "2" }));
    expect(tooMany.status).toBe(200); // eight fit
  });

  it("is an admin's alone: an editor is refused and nothing changes", async () => {
    const editor = await anAccount(server.services.db, { role: "editor" });
    const jar = await signInOverHttp(server.url, editor.email, editor.password);
    const refused = await saveSettings(settingsForm({ name: "Taken Over" }), jar);
    expect(refused.status).toBe(403);
    expect((await rawRequest(`${server.url}/`)).html).not.toContain("Taken Over");
  });

  it("closes sign-up to all but invitations, comments and Ask Kafundisha, on the server too", async () => {
    expect((await saveSettings(settingsForm({ signUp: "invitation", comments: "off", askKafundisha: "-" }))).status).toBe(200);

    const signIn = (await rawRequest(`${server.url}/auth`)).html;
    expect(signIn).toContain(invitationOnlyText);
    expect(signIn).not.toContain(">Sign Up<");
    const signUp = await postForm(server.url, "/auth", { intent: "sign-up", email: "new@example.com", password: "a-long-enough-password" });
    expect(signUp.status).toBe(403);
    expect(await signUp.text()).toContain("Joining is by invitation only");

    const reader = await anAccount(server.services.db);
    const readerJar = await signInOverHttp(server.url, reader.email, reader.password);
    const comment = await postForm(server.url, `/articles/${articleId}`, { content: "May I still say something?" }, readerJar);
    expect(comment.status).toBe(403);
    const commentPage = await comment.text();
    expect(commentPage).toContain("Comments are closed.");
    expect(commentPage).toContain("May I still say something?"); // kept in the form

    expect((await rawRequest(`${server.url}/ask-kafundisha`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/questions/similar?q=reading+lessons`)).status).toBe(404);
    const home = (await rawRequest(`${server.url}/`)).html;
    expect(home).not.toContain('href="/ask-kafundisha"');
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("/ask-kafundisha");

    // Staff-only comments: a reader is refused, a writer may.
    expect((await saveSettings(settingsForm({ comments: "staff" }))).status).toBe(200);
    const stillRefused = await postForm(server.url, `/articles/${articleId}`, { content: "And now?" }, readerJar);
    expect(stillRefused.status).toBe(403);
    expect(await stillRefused.text()).toContain("Only the magazine&#x27;s staff comment here.");
    const writer = await anAccount(server.services.db, { role: "author" });
    const writerJar = await signInOverHttp(server.url, writer.email, writer.password);
    expect((await postForm(server.url, `/articles/${articleId}`, { content: "A word from the desk." }, writerJar)).status).toBe(200);

    expect((await saveSettings(settingsForm())).status).toBe(200);
    expect((await rawRequest(`${server.url}/ask-kafundisha`)).status).toBe(200);
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("site settings on two instances of one PostgreSQL", () => {
  it("a name saved through instance A is on instance B's next page", { timeout: 240_000 }, async () => {
    await withTwoInstances(owner, async (instanceA, instanceB) => {
      await pageWhen(`${instanceB.url}/about`, (page) => page.cache === "hit", "instance B keeps /about");
      const jar = await signInOverHttp(instanceA.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
      const saved = await saveSettings(settingsForm({ name: "Chipata Classroom", "nav:/about": "-" }), jar, instanceA.url);
      expect(saved.status).toBe(200);
      const about = await pageWhen(`${instanceB.url}/about`, (page) => page.html.includes("CHIPATA CLASSROOM"), "instance B shows the new name");
      expect(headerLinks(about.html).map((link) => link.split(" ").pop())).not.toContain("/about");
    });
  });
});
