/** A list of words or names, each in bold: "**little girl**, **15 year old**". */
export function Emphasised({ items }: { readonly items: readonly string[] }) {
  return items.map((item, index) => (
    <span key={index}>
      {index > 0 && ', '}
      <strong>{item}</strong>
    </span>
  ));
}
