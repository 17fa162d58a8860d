// Placeholder screen: the full page (forms, stored submissions) is part of the public-site issue (#3).
import { ScreenPlaceholder } from "../../components/site/screen-placeholder";

export default function Page() {
  return (
    <ScreenPlaceholder title="Ask Kafundisha">
      <p>Ask Kafundisha is our ask-a-teacher community page, where educators share questions and answers.</p>
    </ScreenPlaceholder>
  );
}
