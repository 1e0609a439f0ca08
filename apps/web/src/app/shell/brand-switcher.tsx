import { DEBOUNCE_MS } from '@hookline/contract';
import {
  Avatar,
  Combobox,
  Group,
  Loader,
  ScrollArea,
  Text,
  UnstyledButton,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch, IconSelector } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryParams } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { type BrandItem, brandsQueryOptions, useActiveBrand, useBrandList } from '@/entities/brand';
import { useProfile } from '@/entities/profile';
import classes from './shell.module.css';

const t = webTexts.brands;

function BrandAvatar({ brand, size = 28 }: { brand: BrandItem; size?: number }) {
  return (
    <Avatar src={brand.logoURL} size={size} radius="sm" color="initials" name={brand.name} alt="" aria-hidden>
      {brand.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** The search text matches a brand name (case-insensitive). */
function matches(brand: BrandItem, search: string): boolean {
  return brand.name.toLowerCase().includes(search.trim().toLowerCase());
}

/**
 * The brand at the top of the sidebar; users with several brands switch here (001 §2 "Other").
 * A super user sees free-tier brands in their own group and can search every brand.
 * Switching keeps the page and sets brandId and accountId in the query.
 */
export function BrandSwitcher() {
  const brands = useBrandList();
  const active = useActiveBrand();

  if (brands.length < 2) {
    return (
      <div className={classes.brandSwitcher} data-testid="active-brand">
        <BrandAvatar brand={active} />
        <Text size="sm" fw={600} truncate className={classes.brandSwitcherName}>
          {active.name}
        </Text>
      </div>
    );
  }
  return <BrandSwitcherMenu brands={brands} active={active} />;
}

function BrandSwitcherMenu({ brands, active }: { brands: BrandItem[]; active: BrandItem }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), DEBOUNCE_MS.dropdownSearch);
  const canSearch = profile.isSuperUser;
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => {
      if (canSearch) combobox.focusSearchInput();
      else combobox.updateSelectedOptionIndex('active');
    },
  });

  // Super users search every brand on the server (the list holds the first 1000).
  const serverSearch = useQuery({
    ...brandsQueryOptions(debouncedSearch),
    enabled: canSearch && debouncedSearch !== '',
  });
  const searching = canSearch && search.trim() !== '';
  const found = searching
    ? debouncedSearch === search.trim() && serverSearch.data
      ? serverSearch.data
      : brands.filter((brand) => matches(brand, search))
    : brands;

  const select = (brandId: string) => {
    const brand = found.find((b) => b.id === brandId) ?? brands.find((b) => b.id === brandId);
    combobox.closeDropdown();
    if (!brand || brand.id === active.id) return;
    // A brand found by the search joins the list, so the route guard knows it.
    if (!brands.some((b) => b.id === brand.id)) {
      queryClient.setQueryData(brandsQueryOptions().queryKey, (list) => (list ? [...list, brand] : list));
    }
    const params = new URLSearchParams(location.search);
    params.set(queryParams.accountId, brand.accountId);
    params.set(queryParams.brandId, brand.id);
    navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash });
  };

  const option = (brand: BrandItem) => (
    <Combobox.Option
      value={brand.id}
      key={brand.id}
      active={brand.id === active.id}
      aria-selected={brand.id === active.id}
    >
      <Group gap="sm" wrap="nowrap">
        <BrandAvatar brand={brand} size={22} />
        <Text size="sm" truncate style={{ flex: 1 }}>
          {brand.name}
        </Text>
        {brand.id === active.id && (
          <IconCheck size={14} stroke={2} color="var(--mantine-primary-color-filled)" />
        )}
      </Group>
    </Combobox.Option>
  );

  const paid = canSearch ? found.filter((b) => !b.isFree) : found;
  const free = canSearch ? found.filter((b) => b.isFree) : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={select}
      position="bottom-start"
      width="target"
      offset={4}
      withinPortal
      shadow="md"
    >
      <Combobox.Target targetType="button">
        <UnstyledButton
          className={classes.brandSwitcher}
          data-interactive
          onClick={() => combobox.toggleDropdown()}
          data-testid="brand-switcher"
        >
          <VisuallyHidden>{`${t.switcher}: `}</VisuallyHidden>
          <BrandAvatar brand={active} />
          <Text
            size="sm"
            fw={600}
            truncate
            className={classes.brandSwitcherName}
            data-testid="active-brand-name"
          >
            {active.name}
          </Text>
          <IconSelector size={14} stroke={1.75} color="var(--mantine-color-gray-5)" />
        </UnstyledButton>
      </Combobox.Target>
      <Combobox.Dropdown data-testid="brand-switcher-dropdown">
        {canSearch && (
          <Combobox.Search
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t.search}
            aria-label={t.search}
            leftSection={<IconSearch size={14} />}
            rightSection={serverSearch.isFetching ? <Loader size={12} /> : null}
          />
        )}
        <Combobox.Options aria-label={t.switcher}>
          <ScrollArea.Autosize mah={360} type="scroll">
            {found.length === 0 ? (
              <Combobox.Empty>{t.noneFound}</Combobox.Empty>
            ) : canSearch ? (
              <>
                {paid.length > 0 && <Combobox.Group label={t.brands}>{paid.map(option)}</Combobox.Group>}
                {free.length > 0 && <Combobox.Group label={t.freeBrands}>{free.map(option)}</Combobox.Group>}
              </>
            ) : (
              found.map(option)
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
