import { useLocation, useNavigation, useRevalidator } from "react-router";

/** True while this page's list is being reloaded: a new search/filter/sort on the same path, or a live refresh. */
export function useListReloading() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  return (navigation.state === "loading" && navigation.location.pathname === pathname) || revalidator.state === "loading";
}

/** The count line, replaced by "Loading articles..." while the list reloads; announced to screen readers. */
export function ListStatus({ count, reloading }: { count: number; reloading: boolean }) {
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      {reloading ? "Loading articles..." : `${count} ${count === 1 ? "article" : "articles"} found`}
    </p>
  );
}
