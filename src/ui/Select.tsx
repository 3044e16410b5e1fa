import ReactSelect, { type GroupBase, type Props as ReactSelectProps } from 'react-select';

export const SELECT_MENU_MAX_HEIGHT = 300;
export const SELECT_PAGE_SIZE = 5;

export type SelectProps<Option, Group extends GroupBase<Option>> = Omit<
  ReactSelectProps<Option, false, Group>,
  'isMulti'
> & {
  /** The id of the input, for a <label htmlFor>. */
  inputId: string;
};

/**
 * The product's select (react-select): searchable, supports grouped options, menu at most
 * 300 px high, Page Up/Down move 5 options.
 */
export function Select<Option, Group extends GroupBase<Option> = GroupBase<Option>>(props: SelectProps<Option, Group>) {
  return (
    <ReactSelect<Option, false, Group>
      isSearchable
      maxMenuHeight={SELECT_MENU_MAX_HEIGHT}
      pageSize={SELECT_PAGE_SIZE}
      classNamePrefix="select"
      styles={{
        control: (base, state) => ({
          ...base,
          minHeight: '2.75rem',
          borderRadius: 10,
          borderColor: state.isFocused ? 'var(--brand, #1d4ed8)' : 'var(--line, #cbd5e1)',
          boxShadow: state.isFocused ? '0 0 0 3px var(--focus, #7aa7ff)' : 'none',
        }),
        placeholder: (base) => ({ ...base, color: '#475569' }),
        groupHeading: (base) => ({ ...base, color: '#334155', fontWeight: 700 }),
        menu: (base) => ({ ...base, zIndex: 20 }),
      }}
      {...props}
    />
  );
}
