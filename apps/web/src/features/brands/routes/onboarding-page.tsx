import { completeOnboardingBodySchema } from '@hookline/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { useActiveBrand } from '@/entities/brand';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useLinkBuilder } from '@/lib/link-builder';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { IndustrySelect } from '../components/industry-select';

const t = identityTexts.onboarding;

/** /onboarding (000 §2): the active brand's company name, industry and website, then home. */
export function OnboardingPage() {
  const brand = useActiveBrand();
  const complete = useCompleteOnboarding();
  const navigate = useNavigate();
  const link = useLinkBuilder();

  const form = useSchemaForm({
    schema: completeOnboardingBodySchema,
    initialValues: {
      companyName: brand.name,
      industryId: brand.industryId,
      website: brand.brandKit.website ?? '',
    },
    messages: { companyName: identityTexts.brands.nameLength },
    requiredMessages: { industryId: t.industryRequired },
  });

  const onSubmit = form.onSubmit((body) => {
    if (complete.isPending) return;
    complete.mutate(
      { brandId: brand.id, body },
      { onSuccess: () => navigate(link(paths.home.getHref()), { replace: true }) },
    );
  });

  return (
    <AuthLayout data-testid="onboarding-page" title={identityLabels.onboardingTitle} subtitle={t.subtitle}>
      <form onSubmit={onSubmit} noValidate aria-label={identityLabels.onboardingTitle}>
        <Stack gap="md">
          <TextInput
            label={t.companyName}
            autoComplete="organization"
            size="md"
            required
            {...form.getInputProps('companyName')}
          />
          <IndustrySelect label={t.industry} size="md" required {...form.getInputProps('industryId')} />
          <TextInput
            label={t.website}
            placeholder={t.websitePlaceholder}
            autoComplete="url"
            size="md"
            required
            {...form.getInputProps('website')}
          />
          <Button type="submit" size="md" fullWidth loading={complete.isPending}>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
