// Placeholder until the AI writer issue builds this screen.
import { AdminPlaceholder } from "../../components/admin/admin-placeholder";

export default function Screen() {
  return <AdminPlaceholder title="AI Writer" issue="AI writer" />;
}
