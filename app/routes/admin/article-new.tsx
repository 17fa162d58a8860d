// Placeholder until the admin panel issue builds this screen.
import { AdminPlaceholder } from "../../components/admin/admin-placeholder";

export default function Screen() {
  return <AdminPlaceholder title="New Article" issue="admin panel" />;
}
