import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Icon } from '@/components/ui/Icon';
import { selectTheme, themeToggled } from '@/preferences/layoutSlice';

/** Light/dark switch; its name says what a press will do. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dark = useAppSelector(selectTheme) === 'dark';
  const label = dark ? t('layout.switchToLight') : t('layout.switchToDark');
  return (
    <Button
      variant="link"
      className="app-topbar-btn"
      aria-label={label}
      title={label}
      onClick={() => dispatch(themeToggled())}
    >
      <Icon name={dark ? 'sun' : 'moon'} size={20} />
    </Button>
  );
}
