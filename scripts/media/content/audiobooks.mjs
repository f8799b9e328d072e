// Original short stories written for this project (CC0), narrated by espeak-ng at build time.
// Each chapter is 100 to 130 words, about 40 to 50 seconds of speech at 150 words a minute.

export const AUDIOBOOKS = [
  {
    slug: 'the-lighthouse-keepers-clock',
    title: "The Lighthouse Keeper's Clock",
    author: 'Marian Holt',
    narrator: 'espeak-ng synthetic voice (en-us)',
    voice: 'en-us',
    pitch: 42,
    format: 'mp3',
    publisher: 'Member Area Demo Audio',
    releaseDate: '2024-03-14',
    isbn: '9798999000019',
    genre: 'Short Fiction',
    description:
      'On a small island, a lighthouse keeper discovers that the old clock in the lamp room keeps a time of its own, and that the ships it waits for are not the ships on the charts.',
    colors: ['0x1d3557', '0xe76f51'],
    chapters: [
      {
        title: 'The Clock That Ran Late',
        text: `Ada Fenwick took the lighthouse job because nobody else wanted it. In the lamp room there was a brass clock with a cracked face. It ran exactly eleven minutes late, every day, no matter how often she corrected it. On her third evening Ada stopped correcting it. She wrote in the log: clock keeps its own time, lamp lit at dusk, sea calm.`,
      },
      {
        title: 'A Ship Not on the Chart',
        text: `The ship appeared at eleven minutes past midnight, by the brass clock. It had three masts and no lights, and it moved against the wind as easily as a swan moves against a slow river. Ada checked the shipping list. Nothing was due. She raised the signal lamp and flashed the old question: what ship are you? For a long moment there was no answer. Then a single green light blinked back, once, twice, three times, and the ship turned slowly north, toward the reef that every sailor on that coast had learned to fear.`,
      },
      {
        title: 'Eleven Minutes',
        text: `In the morning Ada climbed down to the rocks and found a wooden crate wedged between two stones. Inside, wrapped in oilcloth, was a logbook very like her own. Lamp lit at dusk, it said. Clock keeps its own time. Ship sighted at eleven past midnight, no lights, answered green. The entry was dated ninety years earlier. Ada turned the pages and found the same words again and again, in different hands, across different decades, each keeper noticing the same ship and the same eleven minutes, and each one deciding, for reasons they never wrote down, to say nothing.`,
      },
      {
        title: 'The Keeper Answers',
        text: `That night Ada did not wait by the window. She carried the brass clock up to the lamp itself and set it beside the great lens. At eleven past midnight the ship came again, silent and dark. This time Ada did not ask a question. She swung the beam across the reef, slowly, so that the rocks shone white under the water. The ship turned away from the reef and sailed on into the open sea. When Ada looked down, the clock showed the correct time. She wrote in the log: ship answered, clock corrected, sea calm.`,
      },
    ],
  },
  {
    slug: 'a-map-of-small-rivers',
    title: 'A Map of Small Rivers',
    author: 'Teodor Lind',
    narrator: 'espeak-ng synthetic voice (en-gb)',
    voice: 'en-gb',
    pitch: 38,
    format: 'm4b',
    publisher: 'Member Area Demo Audio',
    releaseDate: '2024-06-02',
    isbn: '9798999000026',
    genre: 'Travel',
    description:
      'A walker sets out to follow one river from the sea to its source and finds, instead, a whole family of smaller rivers, each with a story to tell.',
    colors: ['0x184e77', '0x76c893'],
    chapters: [
      {
        title: 'Where the River Meets the Sea',
        text: `I began at the mouth of the river, where it loses its name. Out there, the fresh water and the salt water argue quietly for a mile or so, and the gulls take no side. I had a paper map, a pair of good boots and a plan so simple it seemed foolish: walk upstream until the river stopped. The ferryman laughed when I told him. Which river, he asked, and pointed at the marsh. I saw what he meant. The single blue line on my map was, on the ground, a dozen channels braided through the reeds, each one convinced it was the real river. I picked the widest and started walking.`,
      },
      {
        title: 'The Mill and the Tributary',
        text: `On the third day I reached an old mill with a wheel that no longer turned. A woman was painting the door a colour she called river green. She told me that the water I was following was not the main river at all, only a tributary that the mill had borrowed two hundred years ago and never given back. The true river, she said, ran behind the hill, quieter and older. I thanked her and stood for a while at the fork. Then I chose the tributary anyway, because it had a path beside it and because I liked the sound it made, like a conversation heard through a wall.`,
      },
      {
        title: 'The Source, More or Less',
        text: `The tributary grew thinner each day. It slipped under stone bridges, through a village with one shop and past a field of sleepy cows. On the last morning it was no wider than my hand. I followed it up a slope of wet grass to a spring that rose between the roots of an ash tree, cold and clear and entirely unremarkable. I had expected to feel that I had arrived. Instead I felt that I had been introduced. I drew the spring on my map in pencil, with a small circle and a question mark, and then I turned around. Somewhere behind the hill, the true river was still waiting to be walked.`,
      },
    ],
  },
];
