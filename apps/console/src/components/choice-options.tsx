/** A select's options: `none` first when given (value ""), then each choice, labelled as its value. */
export function ChoiceOptions({ none, choices }: { none?: string; choices: readonly string[] }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </>
  );
}
