/** The party screens' table is the shared responsive table primitive. */
export { cellClass, DataTable, MessageRow, rowClass, RowTh, Td } from "@/components/ui/table";
