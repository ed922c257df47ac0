import { type FormEvent, useEffect, useState } from 'react';
import { settingsScreenMessages as m } from '../messages.ts';
import { NoticeLines, SaveButton, useSettingsSave } from './settings-save.tsx';
import { TextField } from './TextField.tsx';

type Link = { label: string; url: string };
type Item = Link & { children: Link[] };

type Props = {
  initial: { desktopBreakPoint: number; menu: Item[] };
  csrf: string;
};

/** Moves the entry at `index` by `step` (−1 up, +1 down) in a copy of the list. */
function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const next = [...list];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * One link of the menu: its text and address, with buttons to move it and remove it. Each
 * button names the link it acts on, so a screen reader hears which.
 */
function LinkFields({
  path,
  link,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
  level,
}: {
  path: string;
  link: Link;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (link: Link) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  level: 'top' | 'sub';
}) {
  const id = `header-${path.replaceAll('.', '-')}`;
  const name = link.label || m.unnamedLink(index + 1);
  return (
    <div className="admin-menu-link">
      <TextField
        id={`${id}-label`}
        label={level === 'top' ? m.menuText : m.submenuText}
        maxLength={60}
        value={link.label}
        error={errors[`${path}.label`]}
        onChange={(label) => onChange({ ...link, label })}
      />
      <TextField
        id={`${id}-url`}
        label={m.linkAddress}
        maxLength={500}
        spellCheck={false}
        value={link.url}
        error={errors[`${path}.url`]}
        onChange={(url) => onChange({ ...link, url })}
      />
      <div className="admin-menu-link__actions">
        <button
          type="button"
          className="admin-button"
          disabled={index === 0}
          aria-label={m.moveLinkUp(name)}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="admin-button"
          disabled={index === count - 1}
          aria-label={m.moveLinkDown(name)}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="admin-button"
          aria-label={m.removeLinkLabel(name)}
          onClick={onRemove}
        >
          {m.removeLink}
        </button>
      </div>
    </div>
  );
}

/** The Header tab: the desktop break point and the menu, its links and their submenus. */
export function HeaderSettings({ initial, csrf }: Props) {
  const [breakPoint, setBreakPoint] = useState(String(initial.desktopBreakPoint));
  const [menu, setMenu] = useState<Item[]>(initial.menu);
  const { errors, saving, notice, save } = useSettingsSave('header', csrf);
  // After a change of the list, the keyboard goes on from the field or button it concerns.
  const [focusId, setFocusId] = useState<string | undefined>();
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fieldErrors = await save({
      desktopBreakPoint: breakPoint.trim() === '' ? null : Number(breakPoint.trim()),
      menu,
    });
    const first = Object.keys(fieldErrors)[0];
    if (first) {
      const id = `header-${first.replaceAll('.', '-')}`;
      document.getElementById(id)?.focus();
    }
  };
  const setItem = (index: number, item: Item) =>
    setMenu(menu.map((current, i) => (i === index ? item : current)));

  return (
    <form className="admin-form admin-settings-form" noValidate onSubmit={submit}>
      <TextField
        id="header-desktopBreakPoint"
        label={m.breakPoint}
        inputMode="numeric"
        hint={m.breakPointHint}
        value={breakPoint}
        error={errors.desktopBreakPoint}
        onChange={setBreakPoint}
      />
      <fieldset className="admin-menu-editor">
        <legend>{m.menu}</legend>
        <p className="admin-hint">{m.menuHint}</p>
        {menu.length === 0 && <p>{m.menuEmpty}</p>}
        <ol className="admin-menu-items">
          {menu.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the link's identity here
            <li key={index} className="admin-menu-item">
              <LinkFields
                path={`menu.${index}`}
                link={item}
                index={index}
                count={menu.length}
                errors={errors}
                level="top"
                onChange={(link) => setItem(index, { ...item, ...link })}
                onMove={(step) => {
                  setMenu(moved(menu, index, step));
                  setFocusId(`header-menu-${index + step}-label`);
                }}
                onRemove={() => {
                  setMenu(menu.filter((_, i) => i !== index));
                  setFocusId(
                    menu.length > 1
                      ? `header-menu-${Math.max(0, index - 1)}-label`
                      : 'header-add-link',
                  );
                }}
              />
              {item.children.length > 0 && (
                <ol className="admin-menu-children" aria-label={m.submenuOf(item.label)}>
                  {item.children.map((child, childIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <li key={childIndex}>
                      <LinkFields
                        path={`menu.${index}.children.${childIndex}`}
                        link={child}
                        index={childIndex}
                        count={item.children.length}
                        errors={errors}
                        level="sub"
                        onChange={(link) =>
                          setItem(index, {
                            ...item,
                            children: item.children.map((c, i) => (i === childIndex ? link : c)),
                          })
                        }
                        onMove={(step) => {
                          setItem(index, {
                            ...item,
                            children: moved(item.children, childIndex, step),
                          });
                          setFocusId(`header-menu-${index}-children-${childIndex + step}-label`);
                        }}
                        onRemove={() => {
                          setItem(index, {
                            ...item,
                            children: item.children.filter((_, i) => i !== childIndex),
                          });
                          setFocusId(`header-menu-${index}-label`);
                        }}
                      />
                    </li>
                  ))}
                </ol>
              )}
              <button
                type="button"
                className="admin-button admin-menu-item__add"
                onClick={() => {
                  setItem(index, { ...item, children: [...item.children, { label: '', url: '' }] });
                  setFocusId(`header-menu-${index}-children-${item.children.length}-label`);
                }}
              >
                {m.addSubmenuLink(item.label || m.unnamedLink(index + 1))}
              </button>
            </li>
          ))}
        </ol>
        <button
          id="header-add-link"
          type="button"
          className="admin-button"
          onClick={() => {
            setMenu([...menu, { label: '', url: '', children: [] }]);
            setFocusId(`header-menu-${menu.length}-label`);
          }}
        >
          {m.addMenuLink}
        </button>
      </fieldset>
      <SaveButton saving={saving} />
      <NoticeLines notice={notice} />
    </form>
  );
}
