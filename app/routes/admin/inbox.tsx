// Placeholder until the Inbox screen (public-site issue) is built.
import { AdminPlaceholder } from "../../components/admin/admin-placeholder";

export default function Screen() {
  return <AdminPlaceholder title="Inbox" issue="public site" />;
}
