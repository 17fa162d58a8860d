import { useFetcher } from "react-router";
import type { Route } from "./+types/categories";
import { readForm } from "#app/server/core/form.server";
import { categoryFormSchema, missingCategoryFields } from "#app/lib/admin-schemas";
import { deleteIntent, type InlineEditorData } from "#app/lib/inline-editor";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteCategory, listCategories, saveCategory } from "#app/server/categories/categories.server";
import { loadOrToast } from "#app/server/admin/admin-screens.server";
import { inlineEditorAction } from "#app/server/admin/inline-editor.server";
import { listSearchText } from "#app/lib/list-search";
import { stampDate } from "#app/server/core/stamps.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { SearchFilterForm } from "#app/components/admin/search-filter-form";
import { useInlineEditor } from "#app/components/admin/inline-editor";
import { ListHeading, ListTable, RowActions } from "#app/components/admin/list-screen";
import { CategoryIcon } from "#app/components/site/category-icon";
import { Pagination } from "#app/components/site/pagination";
import { Td } from "#app/components/ui/table";
import { CategoryForm, type CategoryFields } from "#app/components/admin/category-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Categories", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = listSearchText.parse(url.searchParams.get("q"));
  const page = await loadOrToast(() => listCategories(services().db, pageRequest(url.searchParams), q), "Failed to load categories");
  return {
    q,
    categories: page.rows.map(({ createdAt, ...category }) => ({ ...category, created: stampDate(createdAt) })),
    total: page.total,
    pages: pageLinks(url, page),
    toast: page.toast,
  };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "manageCategories");
  const { db } = services();
  return inlineEditorAction((await readForm(request)) ?? new FormData(), {
    fields: ["name", "slug", "description", "icon", "position"],
    schema: categoryFormSchema,
    save: (input, id) => saveCategory(db, input, id),
    remove: (id) => deleteCategory(db, id),
    refusedTitle: (message) => (message === missingCategoryFields ? "Missing fields" : "Error"),
    texts: {
      created: "Category created successfully.",
      updated: "Category updated successfully.",
      deleted: "Category deleted successfully.",
      saveFailed: "Failed to save category",
      deleteFailed: "Failed to delete category",
    },
  });
}

// Shared by every row's delete button: the screen shows its toast.
const deleteFetcherKey = "category-delete";

export default function CategoriesScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["categories"]);
  useActionToast(loaderData);
  useActionToast(useFetcher<InlineEditorData>({ key: deleteFetcherKey }).data);
  const editor = useInlineEditor<{ id: string } & CategoryFields>();
  const { categories, total, pages, q } = loaderData;
  return (
    <div>
      <ListHeading title="Categories" count={total} add={{ label: "New Category", onClick: editor.create }} />

      <SearchFilterForm
        id="category"
        searchLabel="Search categories"
        placeholder="Name or slug"
        q={q}
        filters={[]}
        clearHref={q ? "/admin/categories" : undefined}
      />

      {editor.open && <CategoryForm key={editor.key} editing={editor.row} onClose={editor.close} />}

      <div className="mt-6">
        <ListTable
          caption="Categories"
          stackBelow="2xl"
          columns={["Place", "Name", "Slug", "Description", "Icon", "Created", "Actions"]}
          rows={categories}
          empty="No categories found. Create one above."
        >
          {(category) => (
            <>
              <Td label="Place">{category.position ?? "–"}</Td>
              <Td label="Name" className="font-medium">
                {category.name}
              </Td>
              <Td label="Slug">
                <code>{category.slug}</code>
              </Td>
              <Td label="Description" wide className="max-w-md min-w-40 text-muted-foreground">
                {category.description}
              </Td>
              <Td label="Icon">
                {/* The icon readers see; its stored name (the form's) on hover and for screen readers. */}
                <span title={category.icon ?? "No icon: the book"}>
                  <CategoryIcon name={category.icon} className="size-5" />
                  <span className="sr-only">{category.icon ?? "No icon: the book"}</span>
                </span>
              </Td>
              <Td label="Created" className="whitespace-nowrap">
                <time dateTime={category.created.iso}>{category.created.text}</time>
              </Td>
              <Td label="Actions">
                <RowActions
                  name={category.name}
                  edit={() => editor.edit(category)}
                  remove={{ id: category.id, intent: deleteIntent, confirm: "Delete this category? This cannot be undone.", fetcherKey: deleteFetcherKey }}
                />
              </Td>
            </>
          )}
        </ListTable>
        <Pagination links={pages} label="Categories pages" />
      </div>
    </div>
  );
}
