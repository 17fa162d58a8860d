import { Search } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { Button } from "../ui/button";
import { controlClass } from "../ui/field";

/** Search and role filter, kept in the URL so the server does the filtering. */
export function UserFilters({ q, role }: { q: string; role: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3" onChange={(event) => event.target instanceof HTMLSelectElement && submit(event.currentTarget)}>
      <div className="min-w-64 flex-1">
        <label htmlFor="user-search" className="text-sm font-medium">
          Search users
        </label>
        <input id="user-search" key={q} type="search" name="q" defaultValue={q} placeholder="Name, id or bio" className={controlClass} />
      </div>
      <div>
        <label htmlFor="user-role" className="text-sm font-medium">
          Role
        </label>
        <select id="user-role" key={role} name="role" defaultValue={role} className={controlClass}>
          <option value="all">All</option>
          <option value="admin">Admin</option>
          <option value="user">User</option>
        </select>
      </div>
      <Button type="submit" variant="outline">
        <Search className="size-4" aria-hidden />
        Search
      </Button>
    </Form>
  );
}
