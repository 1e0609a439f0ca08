import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { identityTexts } from '@/config/texts/identity';
import { isApiError } from '@/lib/api-client';
import { uploadLogo } from '../api/upload-logo';

const t = identityTexts.brandSettings;

/** The brand logo: uploaded as an image under 2 MB, shown in the brand switcher once saved. */
export function LogoField({
  value,
  name,
  onChange,
}: {
  value: string | null;
  name: string;
  onChange: (url: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadLogo(file));
    } catch (cause) {
      // API errors already showed their toast; the size check is ours to show.
      if (!isApiError(cause)) setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t.logo}
      </Text>
      <Group gap="sm">
        <Avatar src={value} size={48} radius="md" color="initials" name={name} alt={t.logo} />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUpload size={14} />}
          loading={busy}
          onClick={() => input.current?.click()}
        >
          {t.uploadLogo}
        </Button>
        {value && (
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={() => onChange(null)}
          >
            {t.removeLogo}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,.webp,.gif"
          hidden
          data-testid="logo-input"
          onChange={(event) => void onFile(event)}
        />
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ?? t.logoHint}
      </Text>
    </Stack>
  );
}
