import { Dialog } from "../components/ui";

const SHORTCUTS: [string, string][] = [
  ["?", "Show this list"],
  ["/", "Search keys and values"],
  ["g", "Go to the grid (focus the selected cell)"],
  ["↑ ↓ ← →", "Move between cells"],
  ["Page Up / Page Down", "Move ten rows"],
  ["Enter", "Edit the selected cell"],
  ["Ctrl+Enter (⌘+Enter)", "Save and edit the next row"],
  ["Ctrl+Shift+Enter", "Approve the selected string (while editing: save, approve and edit the next row)"],
  ["Alt+C", "Copy the source text into the editor"],
  ["Alt+P", "Insert the source's next missing placeholder at the caret (while editing)"],
  ["Alt+1 … Alt+9", "Use that translation-memory suggestion (numbered in the details panel)"],
  ["u", "Go to the next string still to do (empty or untranslated)"],
  ["i", "Go to the next string with an open quality-check issue"],
  ["Esc", "Cancel editing / close a dialog"],
  ["Space", "Select the row for bulk actions"],
  ["d", "Show or hide the details panel of the selected cell"],
  ["n", "New key"],
  ["a", "AI batch translation"],
  ["Tab", "Reach the side panel (history, comments, suggestions, status)"],
];

export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose}>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map(([k, what]) => (
            <tr key={k}>
              <th scope="row">
                <kbd>{k}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
