import { SettingsSection } from '#web/components/layouts/app-layout';
import { CheckboxField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { useSignedInSession } from '#web/lib/auth';
import { useUpdateUser } from '../api/update-user';

/**
 * What the capture extension does with personal data it finds in a screenshot (issue 27): what
 * the author typed earlier in the capture, e-mail addresses, card and account numbers and tokens.
 * On (the default for new accounts), it is blurred before the screenshot leaves the browser; off,
 * the design view offers to blur it.
 */
export function CaptureSection() {
  const { user } = useSignedInSession();
  const update = useUpdateUser({
    mutationConfig: {
      onSuccess: ({ user: saved }) =>
        void toast.success(saved.blurPersonalData ? 'Captures blur personal data before upload.' : 'Captures keep personal data as it is; the editor offers to blur it.'),
      onError: () => void toast.error('The setting was not saved', { description: 'Please try again.' }),
    },
  });
  return (
    <SettingsSection title="Capture" description="How the Stepcast extension treats personal data it finds in screenshots.">
      <CheckboxField
        label="Blur personal data before screenshots are uploaded"
        hint="Values you type during a capture, wherever a later screenshot shows them, and e-mail addresses, card and account numbers and tokens on the page. Off: they are uploaded as they are, and the editor lists them for you to blur."
        checked={update.isPending && update.variables.blurPersonalData !== undefined ? update.variables.blurPersonalData : user.blurPersonalData}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ blurPersonalData: event.target.checked })}
      />
    </SettingsSection>
  );
}
