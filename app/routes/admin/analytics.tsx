// Placeholder until the analytics issue builds this screen.
import { AdminPlaceholder } from "../../components/admin/admin-placeholder";

export default function Screen() {
  return <AdminPlaceholder title="Analytics" issue="analytics" />;
}
