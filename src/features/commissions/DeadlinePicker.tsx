import { parseDate } from "@internationalized/date";
import { Button, Calendar, CalendarCell, CalendarGrid, DateInput, DatePicker, DateSegment, Dialog, Group, Heading, Label, Popover } from "react-aria-components";
import styles from "./commissions.module.css";

/** A date typed or picked from an accessible calendar, kept as yyyy-MM-dd. */
export function DeadlinePicker({ value, onChange, isDisabled }: { value: string; onChange: (v: string) => void; isDisabled?: boolean }) {
  let parsed: ReturnType<typeof parseDate> | null;
  try {
    parsed = value ? parseDate(value) : null;
  } catch {
    parsed = null;
  }
  return (
    <DatePicker className={styles.date} value={parsed} onChange={(d) => onChange(d ? d.toString() : "")} isDisabled={isDisabled} granularity="day">
      <Label className={styles.dateLabel}>Deadline (optional)</Label>
      <Group className={styles.dateGroup}>
        <DateInput className={styles.dateInput}>{(segment) => <DateSegment segment={segment} className={styles.segment} />}</DateInput>
        <Button className={styles.calendarButton} aria-label="Open calendar">
          ▾
        </Button>
      </Group>
      <Popover className={styles.popover}>
        <Dialog aria-label="Choose a deadline">
          <Calendar className={styles.calendar}>
            <header>
              <Button slot="previous">‹</Button>
              <Heading />
              <Button slot="next">›</Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
