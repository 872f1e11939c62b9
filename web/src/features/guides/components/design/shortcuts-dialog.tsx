import { Dialog } from '#web/components/ui/dialog';

/** The design view's keyboard shortcuts, as the `?` sheet lists them (each one is wired where it says). */
export const DESIGN_SHORTCUTS: ReadonlyArray<{ keys: string[][]; action: string; where?: string }> = [
  { keys: [['Ctrl', 'Z'], ['⌘', 'Z']], action: 'Undo the last change' },
  { keys: [['Ctrl', 'Shift', 'Z'], ['⌘', 'Shift', 'Z'], ['Ctrl', 'Y']], action: 'Redo' },
  { keys: [['↑'], ['↓']], action: 'Choose the previous or next step', where: 'in the steps' },
  { keys: [['Home'], ['End']], action: 'Choose the first or last step', where: 'in the steps' },
  { keys: [['Alt', '↑'], ['Alt', '↓']], action: 'Move the step up or down', where: 'in the steps' },
  { keys: [['Delete'], ['Backspace']], action: 'Delete the step (Undo brings it back)', where: 'in the steps' },
  { keys: [['←'], ['→'], ['↑'], ['↓']], action: 'Move the box (with Alt: by one pixel)', where: 'on a redaction box' },
  { keys: [['Shift', '←'], ['Shift', '→'], ['Shift', '↑'], ['Shift', '↓']], action: 'Resize the box', where: 'on a redaction box' },
  { keys: [['Delete'], ['Backspace']], action: 'Remove the box (Undo brings it back)', where: 'on a redaction box' },
  { keys: [['?']], action: 'Show these shortcuts' },
];

/** The `?` sheet: every keyboard shortcut of the design view. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="Shortcuts work anywhere in the editor except while typing in a text field, where Ctrl+Z undoes your typing.">
      <table className="shortcuts">
        <caption className="visually-hidden">Keyboard shortcuts of the editor</caption>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {DESIGN_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td className="shortcuts__keys">
                {shortcut.keys.map((combo, index) => (
                  <span key={combo.join('+')}>
                    {index > 0 ? <span className="shortcuts__or"> or </span> : null}
                    {combo.map((key, k) => (
                      <span key={key}>
                        {k > 0 ? '+' : null}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </td>
              <td>
                {shortcut.action}
                {shortcut.where ? <span className="shortcuts__where"> ({shortcut.where})</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
