// Placeholder screen: the full page (forms, stored submissions) is part of the public-site issue (#3).
import { ScreenPlaceholder } from "../../components/site/screen-placeholder";

export default function Page() {
  return (
    <ScreenPlaceholder title="About The Educator">
      <p>The Educator is an online magazine for teachers and educators worldwide, with a Zambian focus. We share news, classroom practice and ideas that help educators thrive.</p>
    </ScreenPlaceholder>
  );
}
