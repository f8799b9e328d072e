// Original texts written for this project and dedicated to the public domain (CC0 1.0).
// Identifiers are fictitious demo ISBNs (979-8-9990-…) with valid check digits; they name no real book.

export const EBOOKS = [
  {
    slug: 'the-case-of-the-quiet-bell',
    title: 'The Case of the Quiet Bell',
    subtitle: 'A Harbourside Mystery',
    author: 'Elinor Marsh',
    publisher: 'Member Area Demo Press',
    date: '2024-02-20',
    isbn: '9798999000033',
    edition: 'First demo edition',
    genre: 'Mystery',
    subjects: ['Mystery', 'Detective and mystery stories', 'Short fiction'],
    description:
      'When the church bell of a quiet harbour town fails to ring on the morning of the regatta, a retired schoolteacher with a good memory for weather finds out why.',
    colors: ['0x2b2d42', '0x8d99ae'],
    chapters: [
      {
        title: 'The Bell That Did Not Ring',
        paragraphs: [
          'Every morning for one hundred and twelve years, the bell of Saint Brendan’s had rung seven times at seven o’clock. The fishermen set their watches by it, the baker opened his shutters to it, and the gulls, who had heard it all their lives, no longer bothered to complain. So when the morning of the summer regatta arrived and the bell said nothing at all, the whole town of Pellow Cove stopped and looked up.',
          'Miss Agnes Tolley was on her doorstep with a cup of tea when it happened, or rather when it did not. She had taught two generations of Pellow children their letters and their tables, and she had a habit of noticing things that were absent. A missing comma. A missing boy at the back of the class. A missing bell.',
          'She put down her cup, buttoned her cardigan and walked up the hill to the church.',
        ],
      },
      {
        title: 'Three Keys',
        paragraphs: [
          'The tower door was locked. Three people held keys to it: the vicar, Mr Daniel Hoskin; the verger, old Mrs Pender; and the organist, a quiet young man named Felix Arden who had come to the town only that spring. All three were standing at the foot of the tower when Miss Tolley arrived, and all three had the look of people who had each been accused of something by the other two.',
          '“I locked it last night at nine,” said Mrs Pender. “As I always do.”',
          '“I never went near it,” said the vicar. “I was writing my sermon until midnight.”',
          'Felix Arden said nothing. He was looking at the damp patch on the stone step, where a thin line of water ran from under the door and down into the grass.',
          'Miss Tolley looked at it too. It had not rained for nine days.',
        ],
      },
      {
        title: 'The Organist’s Notebook',
        paragraphs: [
          'When the door was opened, the bell rope hung in its usual place, but it was stiff and dark, and it swung heavily when Miss Tolley touched it. Above, in the bell chamber, the great bronze bell sat quite still, and around its clapper someone had wound a thick wrapping of wet sailcloth, tied neatly with a fisherman’s knot.',
          'On the ledge below the bell lay a small notebook. Its pages were full of numbers written in pencil: times, dates, and columns headed with single letters. The vicar picked it up and frowned. “This is Arden’s hand,” he said. “I have seen it on the hymn lists.”',
          'The young organist went pale. “It is mine,” he admitted. “But I did not tie that cloth. I came up here last week to count the steps and measure the tower. I must have left it then.”',
          '“Why would an organist measure a tower?” asked Mrs Pender, in the tone of someone who already knew the answer and did not like it.',
        ],
      },
      {
        title: 'A Matter of Weather',
        paragraphs: [
          'Miss Tolley borrowed the notebook and read it on the bench outside while the others argued. The columns were headed T, P and W. The numbers under T ran from eleven to nineteen. The numbers under P were all close to one thousand. The numbers under W were small and sometimes marked with arrows.',
          'She smiled, because she had kept exactly the same sort of book for forty years. Temperature, pressure and wind. The young man was not plotting anything. He was recording the weather, as careful people do when they are new to the sea and want to understand it.',
          'But the notebook told her something else too. On the last page, dated the evening before, the pressure had fallen sharply, and beside it, in small capitals, Arden had written a single word: SQUALL.',
          'She looked out across the harbour, where the regatta boats were already gathering, their bright sails flapping against a sky that was clear and blue and, to an experienced eye, a little too still.',
        ],
      },
      {
        title: 'The Quiet Explanation',
        paragraphs: [
          'The truth came out over tea, as truths in Pellow Cove generally did. Mrs Pender’s grandson, Tom, who crewed for the harbour master, had seen the organist’s warning the night before and told his grandmother. The harbour master had laughed at it. A squall on regatta day, from a young man who played the organ? Nonsense.',
          'So Mrs Pender had taken matters into her own hands. The regatta could not start without the seven o’clock bell; it was written in the rules, in a hand older than anyone living. Silence the bell, and the race would be delayed. She had climbed the tower by lantern light, wrapped the clapper in wet sailcloth so it would not ring, and soaked the rope so no one could pull it hard enough to shake the cloth loose.',
          'At half past ten the squall arrived, exactly as the notebook had predicted. It tore across the harbour for twenty furious minutes, and not a single boat was out on the water to meet it.',
          'Nobody pressed charges. The vicar preached a short sermon on the virtue of listening to new voices. The harbour master bought a barometer. And every morning after that, when the bell of Saint Brendan’s rang seven times at seven o’clock, Felix Arden was up in the tower first, writing his numbers in a fresh notebook, while Miss Tolley, on her doorstep below, checked them against her own.',
        ],
      },
    ],
  },
  {
    slug: 'slow-trains-and-salt-roads',
    title: 'Slow Trains and Salt Roads',
    subtitle: 'Essays on Travelling Without Hurry',
    author: 'Jonah Reyes',
    publisher: 'Member Area Demo Press',
    date: '2024-05-08',
    isbn: '9798999000040',
    edition: 'First demo edition',
    genre: 'Travel',
    subjects: ['Travel', 'Essays', 'Slow travel'],
    description:
      'Five short essays about night trains, salt towns, early markets, patient ferries and the long way home, written for readers who think the journey is the interesting part.',
    colors: ['0x6d597a', '0xeaac8b'],
    chapters: [
      {
        title: 'The Night Train North',
        paragraphs: [
          'There is a particular sound a sleeper train makes when it leaves a city at night. It is not the roar of departure you expect, but a long sigh, as if the whole train were relieved to be going. The platform lights slide away, the suburbs thin into fields, and you are left alone with a narrow bed, a folded blanket and a small window that frames the dark like a painting no one has finished.',
          'I have taken many faster journeys. None of them gave me the gift the night train gives: the sense that I was allowed to stop being anywhere in particular. For ten hours the world was a rocking cabin and the occasional station, lit and empty, passing like a thought you almost had.',
          'In the morning the window showed mountains. I had not earned them. I had simply slept, and they had arrived.',
        ],
      },
      {
        title: 'A Town Made of Salt',
        paragraphs: [
          'The town was built on salt, and it never let you forget it. The old houses were white with it, the wind tasted of it, and the main street ran down to a wide flat pan where men and women raked the shallow water into long glittering ridges.',
          'A woman named Rosa showed me how the work was done. You let the sea in, she said, then you let the sun take the sea away, and what is left is yours. She made it sound like patience was a crop you could harvest. At noon we sat in the shade of a stack of sacks and ate bread with tomatoes and, of course, a great deal of salt.',
          'When I left she gave me a small paper bag of it, coarse and grey and smelling faintly of violets. I used it sparingly for a year. Every pinch tasted of that white town and of Rosa’s calm hands on the rake.',
        ],
      },
      {
        title: 'Market Mornings',
        paragraphs: [
          'If you want to understand a place, go to its market before the visitors wake up. At six in the morning a market is not a show; it is a workplace, and people speak to each other in the quick, warm shorthand of neighbours who have met at the same stall for twenty years.',
          'I have bought figs in a hill town from a man who insisted I taste three kinds before choosing, and then chose for me. I have watched a fishmonger cut a tuna with the grace of a surgeon and the running commentary of a comedian. I have been corrected, kindly, on my pronunciation of the word for cherries, and then given a handful to practise on.',
          'None of this is in the guidebooks, because none of it can be scheduled. You simply have to be there early, with small coins and no plan.',
        ],
      },
      {
        title: 'The Ferry That Waits',
        paragraphs: [
          'The island ferry was supposed to leave at four. At four the captain was drinking coffee on the quay. At half past four he was discussing football with the ticket seller. At five a delivery van arrived, unloaded crates of lemons and a single bicycle, and only then did the ferry cast off, with a long cheerful blast of its horn.',
          'I was annoyed at first. Then I noticed that nobody else was. The ferry, it turned out, did not leave at a time. It left when the island had everything it needed. The timetable was a polite suggestion, printed for people like me who had not yet learned the local definition of punctuality.',
          'On the crossing a girl shared her sunflower seeds with me and taught me to split them with my teeth. By the time we docked I had forgotten what I had been hurrying for.',
        ],
      },
      {
        title: 'Coming Home by the Long Way',
        paragraphs: [
          'At the end of every journey there is a choice between the quick way home and the long one. The quick way is a flight, a taxi and your own front door by evening. The long way is three trains, a missed connection, a night in a town you had never heard of and a breakfast you will remember for years.',
          'I have come to prefer the long way, not because it is comfortable but because it lets the trip end slowly, the way a good piece of music ends. You watch the landscape change back, hour by hour, into something familiar. The languages on the signs become ones you read without thinking. The bread in the station cafés turns, gradually, into the bread you grew up with.',
          'When you finally open your door, you are not arriving from somewhere else. You have walked all the way back into your own life, and for a few days it looks new.',
        ],
      },
    ],
  },
  {
    slug: 'small-questions-big-answers',
    title: 'Small Questions, Big Answers',
    subtitle: 'A Pocket Primer of Everyday Science',
    author: 'Priya Anand',
    publisher: 'Member Area Demo Press',
    date: '2024-09-12',
    isbn: '9798999000057',
    edition: 'First demo edition',
    genre: 'Science',
    subjects: ['Science', 'Popular works', 'Physics', 'Biology'],
    description:
      'Why is the sky blue? Where does the wind come from? What is sound? Five short chapters answer everyday questions with simple experiments you can try at home.',
    colors: ['0x005f73', '0x94d2bd'],
    chapters: [
      {
        title: 'Why Is the Sky Blue?',
        paragraphs: [
          'Sunlight looks white, but it is really a mixture of every colour of the rainbow travelling together. When that light enters the atmosphere, it meets countless tiny molecules of nitrogen and oxygen. These molecules are much smaller than the wavelength of visible light, and they scatter short wavelengths, blue and violet, far more strongly than long ones like red.',
          'So as sunlight crosses the air, blue light is bounced around in every direction, and wherever you look in the sky, some of that scattered blue is heading towards your eyes. Violet is scattered even more, but the Sun sends out less of it, and our eyes are less sensitive to it, so the sky looks blue rather than purple.',
          'At sunset the light travels through much more air before it reaches you. Most of the blue has been scattered away along the route, and the reds and oranges are what remain. Try it: shine a torch through a glass of water with a few drops of milk. From the side the water looks bluish; looking straight through at the torch, the light looks orange.',
        ],
      },
      {
        title: 'Where Does the Wind Come From?',
        paragraphs: [
          'Wind is air moving from places where the pressure is high to places where it is low. Those differences in pressure come mostly from the Sun heating the Earth unevenly. Land warms faster than water, dark ground faster than pale ground, the equator faster than the poles.',
          'Warm air expands and rises, leaving slightly lower pressure near the ground. Cooler, denser air flows in to take its place. On a sunny coast you can feel this every afternoon as a sea breeze, when cool air from over the water moves inland to replace the warm air rising from the land. At night the pattern often reverses.',
          'On a larger scale, the spinning of the Earth bends moving air to the right in the northern hemisphere and to the left in the southern one. That is why great weather systems turn in spirals rather than flowing in straight lines from high pressure to low.',
        ],
      },
      {
        title: 'Why Do Things Fall?',
        paragraphs: [
          'Everything that has mass attracts everything else that has mass. This attraction, gravity, is extremely weak between everyday objects, so you do not notice a pull between you and your chair. But the Earth is so massive that its pull on you is strong enough to keep your feet on the ground and the Moon in its orbit.',
          'A surprising fact about falling is that, without air in the way, heavy and light objects fall at the same rate. A hammer and a feather dropped together on the Moon, where there is no air, land at the same moment. On Earth the feather drifts because air pushes back against its large, light surface.',
          'You can test this with a book and a sheet of paper. Drop them side by side and the book wins. Now lay the paper flat on top of the book and drop them together: the book shields the paper from the air, and they fall as one.',
        ],
      },
      {
        title: 'What Is Sound?',
        paragraphs: [
          'Sound is a travelling wave of pressure. When a guitar string vibrates, it pushes the air next to it back and forth, squeezing it and then letting it spread out again. Those squeezes pass from molecule to molecule, spreading outwards until they reach your ear, where they make your eardrum vibrate in the same pattern.',
          'The number of vibrations each second is the frequency, which we hear as pitch. A low note on a piano vibrates about thirty times a second; the highest notes, over four thousand. The size of the pressure changes is the amplitude, which we hear as loudness.',
          'Sound needs something to travel through. In air it moves at about three hundred and forty metres a second, in water more than four times faster, and in the emptiness of space not at all. Count the seconds between a lightning flash and its thunder, divide by three, and you have the distance to the storm in kilometres.',
        ],
      },
      {
        title: 'How Do Plants Eat Light?',
        paragraphs: [
          'Plants do not eat in the way animals do, but they do make their own food, and the recipe is simple to write down: carbon dioxide from the air, water from the soil, and energy from sunlight. Inside their leaves, a green pigment called chlorophyll captures light and uses its energy to join carbon dioxide and water into sugar. Oxygen is left over and released into the air.',
          'This process, photosynthesis, is the foundation of almost every food chain on Earth. The bread you eat, the grass a cow eats, the algae a fish eats: all of it began as sunlight caught by a leaf or a tiny green cell.',
          'Chlorophyll absorbs red and blue light well but reflects much of the green, which is why leaves look green to us. In autumn, when many trees stop making chlorophyll, the yellow and orange pigments that were hidden all summer finally show through.',
        ],
      },
    ],
  },
];
