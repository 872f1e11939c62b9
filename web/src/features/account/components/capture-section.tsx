import { useState } from 'react';
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
  // The box follows the click at once (a controlled box waiting for the mutation's state would
  // spring back for a render) until the save is answered.
  const [chosen, setChosen] = useState<boolean | undefined>();
  const update = useUpdateUser({
    mutationConfig: {
      // The session is read again before this runs (useUpdateUser): the box follows it from now on.
      onSuccess: ({ user: saved }) => {
        setChosen(undefined);
        void toast.success(saved.blurPersonalData ? 'Captures blur personal data before upload.' : 'Captures keep personal data as it is; the editor offers to blur it.');
      },
      onError: () => {
        setChosen(undefined);
        void toast.error('The setting was not saved', { description: 'Please try again.' });
      },
    },
  });
  return (
    <SettingsSection title="Capture" description="How the Stepcast extension treats personal data it finds in screenshots.">
      <CheckboxField
        label="Blur personal data before screenshots are uploaded"
        hint="Values you type during a capture, wherever a later screenshot shows them, and e-mail addresses, card and account numbers and tokens on the page. Off: they are uploaded as they are, and the editor lists them for you to blur."
        checked={chosen ?? user.blurPersonalData}
        disabled={update.isPending}
        onChange={(event) => {
          setChosen(event.target.checked);
          update.mutate({ blurPersonalData: event.target.checked });
        }}
      />
    </SettingsSection>
  );
}
