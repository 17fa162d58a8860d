import { plural } from "./plural";

/** The Import & Export screen's texts (app/routes/admin/import.tsx), shared with its tests. */
export const importTexts = {
  intro:
    "Bring an education blog from WordPress or Ghost into the magazine, and take the magazine elsewhere. Importing the same file again creates nothing new: each article, tag, author and comment remembers where it came from.",
  howTo: (maxFileSize: string) =>
    `Upload a WordPress export (Tools → Export → All content: an .xml file) or a Ghost export (Settings → Migration → Export content: a .json file), up to ${maxFileSize}. You see what will be created and what will be skipped before anything is written. Posts and pages become articles, with their categories, tags, authors as bylines, approved comments and images.`,
  siteUrlHint:
    "Optional: the address the blog had (https://…). Ghost exports name their own images without it, and with it they are brought over too. A file always has to be chosen again after a refusal.",
  chooseFile: "Choose a WordPress (.xml) or Ghost (.json) export file.",
  nothingNew: "nothing new: everything in this file was imported before.",
  newCategories:
    "New categories are on the site's Categories page (in the order of their place on the Categories screen), not in the header: choose which show there in",
  exportHowTo:
    "Every article (drafts too), with its category and tags as Ghost tags and its bylines as Ghost authors, in the JSON format Ghost 5 imports (its Universal import), links made absolute so images still come from this site.",
  exportLeavesOut:
    "Ghost has no place for the rest, so the file leaves out: lesson resources' files; each article's grade, subject, resource type and language, and which articles translate each other; comments; Ask Kafundisha's questions and answers; and passwords. Back up the server (npm run backup) to keep everything.",
};

/** "and 16 more" after the failures an import result lists, when it had more than it kept. */
export const moreFailuresText = (listed: number, total: number) => (total > listed ? `and ${total - listed} more` : null);

/** What an import creates, by kind: the preview's counts and the result's. */
export interface ImportCounts {
  articles: number;
  /** Of `articles`, how many are pages. */
  pages: number;
  categories: number;
  tags: number;
  authors: number;
  comments: number;
  images: number;
}

/** "55 articles (12 pages), 8 categories, 30 tags, 4 authors, 120 comments, 40 images". */
export function importCountsText(counts: ImportCounts): string {
  const articles =
    plural(counts.articles, { one: "article", other: "articles" }) + (counts.pages > 0 ? ` (${plural(counts.pages, { one: "page", other: "pages" })})` : "");
  return [
    articles,
    plural(counts.categories, { one: "category", other: "categories" }),
    plural(counts.tags, { one: "tag", other: "tags" }),
    plural(counts.authors, { one: "author", other: "authors" }),
    plural(counts.comments, { one: "comment", other: "comments" }),
    plural(counts.images, { one: "image", other: "images" }),
  ].join(", ");
}
