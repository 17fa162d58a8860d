import { Outlet } from "react-router";
import { Navbar } from "../../components/site/navbar";
import { useRootData } from "../../root";

export default function SiteLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-black">
        Skip to content
      </a>
      <Navbar user={root?.user ?? null} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        © {new Date().getFullYear()} The Educator. Empowering educators in Zambia and worldwide.
      </footer>
    </div>
  );
}
