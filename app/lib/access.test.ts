import { describe, expect, it } from "vitest";
import { abilityForAdminPath, can, isStaff, mayOpen, roles, seesWholeDesk } from "./access";
import { mayDeleteArticle, mayEditArticle, statusesFor } from "./article-access";

describe("roles and what they may open", () => {
  it("ranks the roles: each may do what the one below it may", () => {
    expect(roles).toEqual(["user", "contributor", "author", "editor", "admin"]);
    for (const ability of ["writeOwnArticles", "publishOwnArticles", "editAllArticles", "manageSettings"] as const) {
      const from = roles.findIndex((role) => can(role, ability));
      expect(
        roles.slice(from).every((role) => can(role, ability)),
        ability,
      ).toBe(true);
      expect(
        roles.slice(0, from).some((role) => can(role, ability)),
        ability,
      ).toBe(false);
    }
    expect(roles.filter(isStaff)).toEqual(["contributor", "author", "editor", "admin"]);
    expect(roles.filter(seesWholeDesk)).toEqual(["editor", "admin"]);
    expect(can("owner", "writeOwnArticles")).toBe(false);
    expect(can(null, "writeOwnArticles")).toBe(false);
  });

  it("finds a screen by the longest path, data requests and trailing slashes included", () => {
    expect(abilityForAdminPath("/admin")).toBe("editAllArticles");
    expect(abilityForAdminPath("/admin/")).toBe("editAllArticles");
    expect(abilityForAdminPath("/admin/articles/new.data")).toBe("writeOwnArticles");
    expect(abilityForAdminPath("/admin/articles/ai-writer")).toBe("useAiWriter");
    expect(abilityForAdminPath("/admin/team/123")).toBe("manageTeam");
    expect(abilityForAdminPath("/admin/articlesX")).toBeNull();
    expect(abilityForAdminPath("/admin/unknown")).toBeNull();
  });

  it("reads an address as the router does: any case, escapes decoded, repeated slashes as one", () => {
    for (const spelling of [
      "/admin/articles/AI-WRITER",
      "/admin/articles/Ai-Writer.data",
      "/admin/articles/%61i-writer",
      "/admin/articles/%41I-WRITER/",
      "/admin//articles/ai-writer",
      "/ADMIN/articles/ai-writer",
    ]) {
      expect(abilityForAdminPath(spelling), spelling).toBe("useAiWriter");
      expect(mayOpen("contributor", spelling), spelling).toBe(false);
      expect(mayOpen("editor", spelling), spelling).toBe(true);
    }
    // Nothing the router reads otherwise: for admins alone.
    for (const spelling of [
      "/admin/articles/%E0%A4%A",
      "/admin/articles/./ai-writer",
      "/admin/articles/%2e%2e/users",
      "/admin/articles\\ai-writer",
      "/admin/articles/%00",
    ]) {
      expect(abilityForAdminPath(spelling), spelling).toBeNull();
      expect(mayOpen("editor", spelling), spelling).toBe(false);
    }
  });

  it("names each Ask Kafundisha ability: posting unmoderated from authors up, the badge and moderation from editors up", () => {
    expect(roles.filter((role) => can(role, "postWithoutModeration"))).toEqual(["author", "editor", "admin"]);
    expect(roles.filter((role) => can(role, "answerForMagazine"))).toEqual(["editor", "admin"]);
    expect(roles.filter((role) => can(role, "moderateCommunity"))).toEqual(["editor", "admin"]);
    expect(mayOpen("contributor", "/admin/community")).toBe(false);
    expect(mayOpen("editor", "/admin/community")).toBe(true);
  });

  it("keeps an address no screen lists for admins alone", () => {
    for (const role of roles) expect(mayOpen(role, "/admin/something-new"), role).toBe(role === "admin");
    expect(mayOpen("contributor", "/admin/articles")).toBe(true);
    expect(mayOpen("contributor", "/admin/categories")).toBe(false);
    expect(mayOpen("editor", "/admin/users")).toBe(false);
  });
});

describe("what a role may do with one article", () => {
  const me = "11111111-1111-4111-8111-111111111111";
  const someoneElse = "22222222-2222-4222-8222-222222222222";
  const actor = (role: (typeof roles)[number]) => ({ id: me, role });

  it("contributors: their own drafts only, saved as drafts or submitted for review", () => {
    expect(statusesFor(actor("contributor"))).toEqual(["draft", "pending"]);
    expect(mayEditArticle(actor("contributor"), { authorId: me, status: "pending" })).toBe(false);
    expect(mayEditArticle(actor("contributor"), { authorId: me, status: "draft" })).toBe(true);
    expect(mayEditArticle(actor("contributor"), { authorId: me, status: "published" })).toBe(false);
    expect(mayEditArticle(actor("contributor"), { authorId: someoneElse, status: "draft" })).toBe(false);
    expect(mayEditArticle(actor("contributor"), { authorId: null, status: "draft" })).toBe(false);
    expect(mayDeleteArticle(actor("contributor"), { authorId: me, status: "draft" })).toBe(true);
  });

  it("authors: their own in any status, deleting drafts only; editors: everything", () => {
    expect(statusesFor(actor("author"))).toEqual(["draft", "published", "scheduled"]);
    expect(mayEditArticle(actor("author"), { authorId: me, status: "published" })).toBe(true);
    expect(mayDeleteArticle(actor("author"), { authorId: me, status: "published" })).toBe(false);
    expect(mayEditArticle(actor("author"), { authorId: someoneElse, status: "draft" })).toBe(false);
    expect(mayEditArticle(actor("editor"), { authorId: someoneElse, status: "published" })).toBe(true);
    expect(mayDeleteArticle(actor("editor"), { authorId: null, status: "scheduled" })).toBe(true);
  });
});
