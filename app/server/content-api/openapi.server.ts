import { z } from "zod";
import { contentApiBasePath, contentApiRequestsPerMinute } from "#app/lib/content-api";
import { articleParams, contentApiSchemas, pageParams, questionParams } from "./schemas.server";
import { siteSettings } from "#app/server/core/site-settings.server";

// The OpenAPI 3.1 document of the Content API, made from the same Zod schemas the endpoints' answers
// are typed with (schemas.server.ts): one source for what an answer holds. OpenAPI 3.1's schemas are
// JSON Schema 2020-12, which is what Zod writes.

type JsonSchema = Record<string, unknown>;

/** The named answer shapes, as `#/components/schemas/{name}`, referring to each other by name. */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(contentApiSchemas, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
      return [name, rest];
    }),
  );
}

/** A query parameter described by the schema it is read with. */
function queryParameter(name: string, schema: z.ZodType): JsonSchema {
  const { $schema: _schema, description, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
  return { name, in: "query", required: false, ...(description ? { description } : {}), schema: rest };
}

const parametersOf = (shape: Record<string, z.ZodType>) => Object.entries(shape).map(([name, schema]) => queryParameter(name, schema));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ "application/json": { schema: ref(name) } });

const errorResponse = (description: string) => ({ description, content: json("Error") });

const rateHeaders = {
  ETag: { description: "A weak validator of the body: send it back as `If-None-Match` to get 304 when nothing changed.", schema: { type: "string" } },
  "RateLimit-Limit": { description: "Requests this key may make a minute.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this minute.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the minute is over.", schema: { type: "integer" } },
};

const keyedResponses = {
  "304": { description: "Not modified: the `If-None-Match` tag is the body's." },
  "400": errorResponse("A query parameter or cursor is not valid."),
  "401": errorResponse("No key, or an unknown or revoked key."),
  "429": {
    description: `Too many requests with this key (${contentApiRequestsPerMinute} a minute).`,
    headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } },
    content: json("Error"),
  },
};

function listOperation(operationId: string, summary: string, list: string, parameters: JsonSchema[], tag: string) {
  return {
    get: {
      operationId,
      summary,
      tags: [tag],
      parameters,
      responses: { "200": { description: summary, headers: rateHeaders, content: json(list) }, ...keyedResponses },
    },
  };
}

let built: JsonSchema | null = null;

/** The document, for a server at `publicUrl` (made once per process, its server address filled in per call). */
export function contentApiDocument(publicUrl: string): JsonSchema {
  built ??= {
    openapi: "3.1.0",
    info: {
      title: `${siteSettings().name} Content API`,
      version: "1.0.0",
      description:
        "Read-only access to the magazine's published articles, categories, tags, authors and Ask Kafundisha questions. " +
        "Every request needs a Content API key, made by an admin on Admin → Content API keys. Lists are read in pages: " +
        "follow `meta.pagination.next` (as `cursor`) until it is null. Answers carry an ETag; send it back as If-None-Match for a 304.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    security: [{ bearerKey: [] }, { queryKey: [] }],
    tags: [{ name: "Articles" }, { name: "Taxonomy" }, { name: "Authors" }, { name: "Ask Kafundisha" }],
    paths: {
      "/articles": listOperation(
        "listArticles",
        "Published articles, newest first unless sorted otherwise",
        "ArticleList",
        parametersOf(articleParams),
        "Articles",
      ),
      "/articles/{id}": {
        get: {
          operationId: "getArticle",
          summary: "One published article in full: its HTML, bylines, tags, category, curriculum fields and downloadable resources",
          tags: ["Articles"],
          parameters: [{ name: "id", in: "path", required: true, description: "The article's id.", schema: { type: "string", format: "uuid" } }],
          responses: {
            "200": { description: "The article (a list of one, as Ghost answers).", headers: rateHeaders, content: json("ArticleResponse") },
            ...keyedResponses,
            "404": errorResponse("No published article has this id."),
          },
        },
      },
      "/categories": listOperation("listCategories", "Every category, by slug", "CategoryList", parametersOf(pageParams), "Taxonomy"),
      "/tags": listOperation("listTags", "The tags of published articles, by slug", "TagList", parametersOf(pageParams), "Taxonomy"),
      "/authors": listOperation(
        "listAuthors",
        "Public authors (author profiles and guest bylines), by slug",
        "AuthorList",
        parametersOf(pageParams),
        "Authors",
      ),
      "/questions": listOperation(
        "listQuestions",
        "Published Ask Kafundisha questions, newest first, with their answers counted",
        "QuestionList",
        parametersOf(questionParams),
        "Ask Kafundisha",
      ),
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerKey: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <key>`." },
        queryKey: { type: "apiKey", in: "query", name: "key", description: "`?key=<key>`, as Ghost's Content API takes it." },
      },
    },
  };
  return { ...built, servers: [{ url: `${publicUrl}${contentApiBasePath}` }] };
}
