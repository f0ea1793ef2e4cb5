/**
 * The document's title, most specific part first: `Results · heat-1d · simsvc`. React 19 hoists a
 * rendered <title> into <head>, so each page names itself where it renders.
 */
export function PageTitle({ parts }: { parts: (string | undefined)[] }) {
  return <title>{[...parts.filter(Boolean), 'simsvc'].join(' · ')}</title>;
}
