import { useId } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Icon } from '@/components/ui/Icon';
import {
  layoutChanged,
  layoutReset,
  menuColorChanged,
  modeChanged,
  selectLayoutMode,
  selectLayoutType,
  selectMenuColor,
  selectTopbarColor,
  topbarColorChanged,
  type BarColor,
  type LayoutMode,
  type LayoutType,
} from '@/preferences/layoutSlice';

interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  value: T;
  choices: Choice<T>[];
  onSelect: (value: T) => void;
}

/** One setting as a group of menu radio items. */
function ChoiceGroup<T extends string>({ label, value, choices, onSelect }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className="dropdown-header">
        {label}
      </div>
      {choices.map((choice) => (
        <Dropdown.Item
          key={choice.value}
          as="button"
          type="button"
          role="menuitemradio"
          aria-checked={choice.value === value}
          className="app-choice"
          onClick={() => onSelect(choice.value)}
        >
          <span className="app-choice-mark" aria-hidden="true" />
          {choice.label}
        </Dropdown.Item>
      ))}
    </div>
  );
}

/** Layout type, content width and bar colours; the theme has its own button. */
export function DisplaySettings() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayoutType);
  const mode = useAppSelector(selectLayoutMode);
  const topbarColor = useAppSelector(selectTopbarColor);
  const menuColor = useAppSelector(selectMenuColor);
  const label = t('layout.displaySettings');

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="app-topbar-btn app-no-caret"
        aria-label={label}
        title={label}
      >
        <Icon name="display" size={20} />
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu" className="app-settings-menu shadow-sm">
        <ChoiceGroup<LayoutType>
          label={t('layout.layoutGroup')}
          value={layout}
          choices={[
            { value: 'vertical', label: t('layout.verticalLayout') },
            { value: 'horizontal', label: t('layout.horizontalLayout') },
          ]}
          onSelect={(value) => dispatch(layoutChanged(value))}
        />
        <Dropdown.Divider />
        <ChoiceGroup<LayoutMode>
          label={t('layout.widthGroup')}
          value={mode}
          choices={[
            { value: 'fluid', label: t('layout.fluid') },
            { value: 'detached', label: t('layout.detached') },
          ]}
          onSelect={(value) => dispatch(modeChanged(value))}
        />
        <Dropdown.Divider />
        <ChoiceGroup<BarColor>
          label={t('layout.topbarGroup')}
          value={topbarColor}
          choices={[
            { value: 'light', label: t('layout.topbarLight') },
            { value: 'dark', label: t('layout.topbarDark') },
            { value: 'brand', label: t('layout.topbarBrand') },
          ]}
          onSelect={(value) => dispatch(topbarColorChanged(value))}
        />
        <Dropdown.Divider />
        <ChoiceGroup<BarColor>
          label={t('layout.menuColorGroup')}
          value={menuColor}
          choices={[
            { value: 'light', label: t('layout.menuLight') },
            { value: 'dark', label: t('layout.menuDark') },
            { value: 'brand', label: t('layout.menuBrand') },
          ]}
          onSelect={(value) => dispatch(menuColorChanged(value))}
        />
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          type="button"
          role="menuitem"
          onClick={() => dispatch(layoutReset())}
        >
          {t('layout.reset')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
