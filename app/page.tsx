export default function Home() {
  return <main className="p-8">Fleetline</main>;
}
