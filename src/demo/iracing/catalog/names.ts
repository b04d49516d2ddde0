/**
 * Name parts the demo drivers' `display_name`s are made of, per language group. The names are
 * common given names and surnames, so the combinations read like a real grid without belonging
 * to anyone in particular; like iRacing, a repeated full name gets a number appended.
 */
export type NameGroup = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'nordic' | 'pl' | 'ja';

interface NameParts {
  first: readonly string[];
  last: readonly string[];
}

const words = (text: string): string[] => text.trim().split(/\s+/);

export const NAME_PARTS: Record<NameGroup, NameParts> = {
  en: {
    first: words(`James John Robert Michael William David Richard Joseph Thomas Chris Daniel Matthew
      Anthony Mark Steven Paul Andrew Josh Kevin Brian George Tim Ryan Jason Jacob Gary Nick Eric
      Jonathan Justin Scott Brandon Ben Sam Greg Alex Patrick Jack Dylan Tyler Aaron Adam Nathan
      Zach Kyle Sean Connor Liam Oliver Harry Charlie Callum Jamie Luke Emily Sarah Jessica Laura
      Megan Hannah Rachel Amy Olivia Chloe`),
    last: words(`Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore
      Jackson Martin Lee Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright
      Scott Hill Green Adams Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker
      Evans Edwards Collins Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey
      Bell Kelly Howard Ward Cox Richardson Wood Watson Brooks Bennett Gray Hughes Price Sanders
      Myers Long Ross Foster Powell Jenkins Perry Russell Sullivan Fisher Ellis Hamilton Graham
      Wallace Cole West Jordan Owens Reynolds Marshall Harrison Gibson Kennedy Wells Hunt Palmer`),
  },
  de: {
    first: words(`Lukas Leon Felix Jonas Maximilian Paul Finn Elias Tim Jan Niklas Tobias Florian
      Sebastian Stefan Andreas Michael Thomas Markus Christian Daniel Alexander Philipp Moritz
      Matthias Dominik Fabian Julian Marcel Patrick Sven Jens Lena Anna Laura Julia Lea`),
    last: words(`Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer
      Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann
      Lange Schmitt Werner Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter
      Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Vogel Friedrich Keller Günther`),
  },
  fr: {
    first: words(`Lucas Hugo Louis Gabriel Arthur Jules Nathan Théo Thomas Antoine Maxime Nicolas
      Julien Pierre Alexandre Romain Clément Mathieu Baptiste Quentin Guillaume Adrien Léa Chloé
      Camille Manon`),
    last: words(`Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent
      Lefebvre Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard Andre Mercier Dupont
      Lambert Bonnet François Martinez Legrand Garnier Faure Rousseau Blanc Guerin Muller Henry`),
  },
  es: {
    first: words(`Alejandro Daniel Pablo David Adrián Álvaro Javier Sergio Carlos Hugo Diego Jorge
      Mario Manuel Iván Raúl Rubén Marcos Fernando Luis Miguel Andrés Santiago Mateo Lucía Marta
      Paula Sofía`),
    last: words(`García Rodríguez González Fernández López Martínez Sánchez Pérez Gómez Martín
      Jiménez Ruiz Hernández Díaz Moreno Álvarez Muñoz Romero Alonso Gutiérrez Navarro Torres
      Domínguez Vázquez Ramos Gil Ramírez Serrano Blanco Molina Morales Suárez Ortega Delgado Castro`),
  },
  pt: {
    first: words(`João Pedro Gabriel Lucas Matheus Rafael Gustavo Felipe Bruno Thiago Rodrigo Tiago
      Diogo André Ricardo Eduardo Vinícius Leonardo Caio Henrique Marcelo Ana Beatriz Mariana`),
    last: words(`Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa
      Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento
      Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Teixeira`),
  },
  it: {
    first: words(`Francesco Alessandro Lorenzo Andrea Matteo Leonardo Gabriele Riccardo Tommaso
      Davide Marco Luca Giuseppe Antonio Giovanni Simone Federico Stefano Paolo Roberto Giulia
      Chiara Sara`),
    last: words(`Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo
      Conti De_Luca Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani
      Rinaldi Caruso Ferrara Galli Martini Leone Longo Gentile Martinelli Vitale Serra Villa`),
  },
  nl: {
    first: words(`Daan Sem Lucas Levi Finn Milan Jesse Bram Thijs Ruben Lars Niels Tom Stijn Joris
      Bas Koen Wouter Jeroen Pieter Sander Maarten Sanne Lotte Fleur Emma`),
    last: words(`de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Janssen Visser Smit Meijer
      de_Boer Mulder de_Groot Bos Vos Peters Hendriks van_Leeuwen Dekker Brouwer de_Wit Dijkstra
      Smits de_Graaf van_der_Meer van_der_Linden Kok Jacobs de_Haan Vermeulen Peeters Maes Claes`),
  },
  nordic: {
    first: words(`Erik Lars Anders Johan Karl Nils Per Mikael Magnus Oskar Emil Henrik Jonas Mathias
      Kasper Rasmus Mads Jesper Sindre Eirik Joonas Juha Mikko Ville Sami Elin Ida Maja`),
    last: words(`Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson
      Gustafsson Hansen Johansen Olsen Nielsen Jensen Pedersen Kristiansen Berg Haugen Bakken
      Virtanen Korhonen Mäkinen Nieminen Hämäläinen Laine Heikkinen Lindqvist Lindberg Holm`),
  },
  pl: {
    first: words(`Jakub Kacper Szymon Mateusz Michał Bartosz Wojciech Piotr Tomasz Paweł Krzysztof
      Łukasz Marcin Adam Jan Ondřej Petr Martin Tomáš Lukáš Jiří Anna Zuzana Katarzyna`),
    last: words(`Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński
      Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Piotrowski
      Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák`),
  },
  ja: {
    first: words(`Haruto Yuto Sota Yuki Hayato Haruki Ryusei Koki Sora Riku Kenta Takumi Daiki
      Shota Kazuki Naoki Hiroshi Takashi Kenji Yuna Aoi Sakura`),
    last: words(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida
      Yamada Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda
      Hashimoto Ishikawa Ogawa Fujita Okada Goto Hasegawa`),
  },
};

/** Surnames above use `_` for an inner space ("de_Jong" → "de Jong"). */
export function displaySurname(part: string): string {
  return part.replaceAll('_', ' ');
}
