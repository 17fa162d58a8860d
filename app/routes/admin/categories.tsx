import { useCallback, useState } from "react";
import { data, useFetcher } from "react-router";
import { Pencil, Plus } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/categories";
import { readForm } from "#app/server/core/form.server";
import { formText } from "#app/lib/inbox-schema";
import { categoryFormSchema, formErrors } from "#app/lib/admin-schemas";
import { useActionToast } from "#app/lib/use-action-toast";
import { RowDeleteButton } from "#app/components/admin/row-delete-button";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteCategory, saveCategory } from "#app/server/categories/categories.server";
import { failureToast, loadOrToast } from "#app/server/admin/admin-screens.server";
import { listSearchText } from "#app/lib/list-search";
import { stampDate } from "#app/server/core/stamps.server";
import { listCategories } from "#app/server/categories/categories.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { SearchFilterForm } from "#app/components/admin/search-filter-form";
import { CategoryIcon } from "#app/components/site/category-icon";
import { Pagination } from "#app/components/site/pagination";
import { Button } from "#app/components/ui/button";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { CategoryForm, type CategoryActionData, type CategoryFields } from "#app/components/admin/category-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Categories", matches);

const missingFields = "Name and slug are required.";

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
  const form = (await readForm(request)) ?? new FormData();
  const { db } = services();
  const intent = form.get("intent");
  const id = z
    .uuid()
    .optional()
    .safeParse(form.get("id") || undefined);
  if (!id.success || (intent !== "save" && intent !== "delete") || (intent === "delete" && !id.data)) {
    return data<CategoryActionData>({ ok: false, toast: { type: "error", title: "Error", description: "Invalid request." } }, { status: 400 });
  }

  if (intent === "delete") {
    try {
      await deleteCategory(db, id.data!);
    } catch (error) {
      return data<CategoryActionData>({ ok: false, toast: failureToast(error, "Failed to delete category") }, { status: 400 });
    }
    return data<CategoryActionData>({ ok: true, toast: { type: "success", title: "Deleted", description: "Category deleted successfully." } });
  }

  const values = {
    name: formText(form, "name"),
    slug: formText(form, "slug"),
    description: formText(form, "description"),
    icon: formText(form, "icon"),
    position: formText(form, "position"),
  };
  const parsed = categoryFormSchema.safeParse(values);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    const toast = message === missingFields ? { title: "Missing fields", description: missingFields } : { title: "Error", description: message };
    return data<CategoryActionData>({ ok: false, errors: fields, values, toast: { type: "error", ...toast } }, { status: 400 });
  }
  try {
    await saveCategory(db, parsed.data, id.data);
  } catch (error) {
    return data<CategoryActionData>({ ok: false, values, toast: failureToast(error, "Failed to save category") }, { status: 400 });
  }
  return data<CategoryActionData>({
    ok: true,
    toast: id.data
      ? { type: "success", title: "Updated", description: "Category updated successfully." }
      : { type: "success", title: "Created", description: "Category created successfully." },
  });
}

type FormState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; category: { id: string } & CategoryFields };

// Shared by every row's delete button: the screen shows its toast.
const deleteFetcherKey = "category-delete";

export default function CategoriesScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["categories"]);
  useActionToast(loaderData);
  useActionToast(useFetcher<CategoryActionData>({ key: deleteFetcherKey }).data);
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const close = useCallback(() => setForm({ mode: "closed" }), []);
  const { categories, total, pages, q } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Categories <span className="text-base font-normal text-muted-foreground">{`(${total})`}</span>
        </h1>
        <Button onClick={() => setForm({ mode: "create" })}>
          <Plus className="size-4" aria-hidden />
          New Category
        </Button>
      </div>

      <SearchFilterForm
        id="category"
        searchLabel="Search categories"
        placeholder="Name or slug"
        q={q}
        filters={[]}
        clearHref={q ? "/admin/categories" : undefined}
      />

      {form.mode !== "closed" && (
        <CategoryForm key={form.mode === "edit" ? form.category.id : "new"} editing={form.mode === "edit" ? form.category : null} onClose={close} />
      )}

      <div className="mt-6">
        <Table stackBelow="2xl">
          <caption className="sr-only">Categories</caption>
          <TableHead columns={["Place", "Name", "Slug", "Description", "Icon", "Created", "Actions"]} />
          <tbody>
            {categories.length === 0 ? (
              <EmptyRow columns={7}>No categories found. Create one above.</EmptyRow>
            ) : (
              categories.map((category) => (
                <tr key={category.id}>
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
                    <div className="flex items-center gap-1">
                      <Button variant="ghost" size="icon" aria-label={`Edit ${category.name}`} title="Edit" onClick={() => setForm({ mode: "edit", category })}>
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <RowDeleteButton
                        id={category.id}
                        name={category.name}
                        intent="delete"
                        confirm="Delete this category? This cannot be undone."
                        fetcherKey={deleteFetcherKey}
                      />
                    </div>
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
        <Pagination links={pages} label="Categories pages" />
      </div>
    </div>
  );
}
