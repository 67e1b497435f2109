import { z } from "zod";
import type { Book } from "../../../lib/catalog";
import { formatPrice } from "../../../lib/money";
import { Thumb } from "../../../ui/Thumb";
import { EntityManager } from "../EntityManager";
import { DigitalFiles } from "../downloads/DigitalFiles";
import { PieceLetters, WORLD_FIELD } from "./PieceLetters";
import { hasImage, optionalDecimal, optionalUrl, required } from "./rules";
import { AdminTable, EditDelete } from "../parts";
import styles from "../admin.module.css";

export function BooksTab() {
  return (
    <EntityManager<Book>
      collection="books"
      noun="book"
      addLabel="Add Book"
      dialogTitle={(e) => (e ? "Edit Book" : "Add Book")}
      defaults={{ website_cart_available: true }}
      aboutItem={(item) => (
        <>
          <PieceLetters kind="book" id={item.id} />
          <DigitalFiles owner="book" id={item.id} />
        </>
      )}
      fields={[
        { name: "title", label: "Title", kind: "text", required: true },
        { name: "description", label: "Description", kind: "textarea" },
        { name: "image", label: "Main image", kind: "image", required: true },
        { name: "gallery_images", label: "Gallery images", kind: "images", max: 5 },
        { name: "price", label: "Price (USD)", kind: "decimal", help: "Leave empty for N/A." },
        WORLD_FIELD,
        { name: "featured", label: "Featured book", kind: "bool" },
        { name: "publisher_available", label: "Available from the publisher", kind: "bool" },
        { name: "publisher_in_stock", label: "In stock at the publisher", kind: "bool" },
        { name: "publisher_link", label: "Publisher link", kind: "url" },
        { name: "website_cart_available", label: "Autographed copies sold here", kind: "bool" },
      ]}
      schema={z.object({
        title: required("Title is required"),
        image: hasImage("Main image is required"),
        price: optionalDecimal,
        publisher_link: optionalUrl,
      })}
      emptyText="No books yet. Add your first book!"
      confirmText="Are you sure you want to delete this book?"
      texts={{
        created: "Book added",
        updated: "Book updated",
        saveFailed: ["Error", "There was an error saving the book. Please try again."],
        deleted: "Book deleted",
        deleteFailed: ["Error", "There was an error deleting the book. Please try again."],
      }}
      renderList={(items, { edit, remove, deleting }) => (
        <AdminTable headers={["Image", "Title", "Price", "Featured", "Actions"]}>
              {items.map((b) => (
                <tr key={b.id}>
                  <td className={styles.thumbCell}>
                    <Thumb owner={b} file={b.image} alt="" ratio={[3, 4]} sizes="64px" />
                  </td>
                  <td>{b.title}</td>
                  <td>{formatPrice(b.price > 0 ? b.price : null)}</td>
                  <td>{b.featured ? "Yes" : "No"}</td>
                  <td>
                    <EditDelete name={b.title} onEdit={() => edit(b)} onDelete={() => remove(b)} deleting={deleting === b.id} />
                  </td>
                </tr>
              ))}
            </AdminTable>
      )}
    />
  );
}
