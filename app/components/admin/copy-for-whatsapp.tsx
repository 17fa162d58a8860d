import { useState } from "react";
import { MessageCircle } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { copyLink } from "#app/lib/share";
import { showToast } from "#app/lib/toast";

export const copiedForWhatsApp = "Copied for WhatsApp";

/**
 * "Copy for WhatsApp": puts `message` (app/lib/whatsapp-message.ts) on the clipboard, with a
 * toast. Where the browser copies nothing, the message is shown selected, to copy by hand.
 */
export function CopyForWhatsApp({ message, what, size = "sm" }: { message: string; what: string; size?: "sm" | "md" }) {
  const [failed, setFailed] = useState(false);
  async function copy() {
    // copyLink copies any text: with the Clipboard API, or by selection where there is none.
    const outcome = await copyLink(message);
    setFailed(!outcome?.copied);
    if (outcome?.copied) showToast({ type: "success", title: copiedForWhatsApp, description: `The message for ${what} is ready to paste.` });
    else showToast({ type: "error", title: "Error", description: "Could not copy the message. Select it below and copy it." });
  }
  return (
    <div className="space-y-2">
      <Button type="button" variant="outline" size={size} onClick={() => void copy()}>
        <MessageCircle className="size-4" aria-hidden />
        Copy for WhatsApp
      </Button>
      {failed && (
        <textarea
          readOnly
          aria-label="WhatsApp message"
          value={message}
          rows={Math.min(12, message.split("\n").length)}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full max-w-xl rounded-md border border-input bg-card p-2 font-mono text-xs"
        />
      )}
    </div>
  );
}
