import type { Key, ReactNode } from "react";
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from "react-aria-components";
import styles from "./Tabs.module.css";

export interface TabSpec {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/** Keyboard-navigable tabs; controlled when selectedKey is given (e.g. kept in the URL). */
export function Tabs({
  tabs,
  label,
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
}: {
  tabs: TabSpec[];
  label: string;
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (key: string) => void;
}) {
  return (
    <AriaTabs className={styles.tabs} selectedKey={selectedKey} defaultSelectedKey={defaultSelectedKey} onSelectionChange={onSelectionChange ? (k: Key) => onSelectionChange(String(k)) : undefined}>
      <TabList aria-label={label} className={styles.list}>
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id} className={styles.tab}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} className={styles.panel}>
          {t.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
