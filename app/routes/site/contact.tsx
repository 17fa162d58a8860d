// Placeholder screen: the full page (forms, stored submissions) is part of the public-site issue (#3).
import { ScreenPlaceholder } from "../../components/site/screen-placeholder";

export default function Page() {
  return (
    <ScreenPlaceholder title="Contact Us">
      <p>Office hours: Mon-Fri 9-5, Sat 10-2, Sun closed.</p>
    </ScreenPlaceholder>
  );
}
