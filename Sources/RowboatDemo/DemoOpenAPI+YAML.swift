extension DemoOpenAPI {
    /// The same document as YAML: the shared page params as anchors
    /// (`&page`, `*page`) where the JSON has `$ref`s, everything else as in
    /// `json` (a test imports both and compares).
    public static let yaml = #"""
    openapi: 3.1.0
    info: {title: Rowboat demo catalog, version: 1.0.0}
    servers:
      - url: /
    paths:
      /api/items:
        get:
          summary: Items
          operationId: listItems
          parameters:
            - &page {name: page, in: query, schema: {type: integer, minimum: 1, default: 1}}
            - &limit {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 100, default: 30}}
            - {name: q, in: query, schema: {type: string}, description: Text in the title or subtitle}
            - {name: min_rating, in: query, schema: {type: number}}
            - {name: max_price, in: query, schema: {type: number}}
            - name: sort
              in: query
              schema:
                type: string
                enum: [newest, price_asc, price_desc, rating_desc, title]
                default: newest
                x-enum-descriptions: [Newest first, Price low to high, Price high to low, Top rated, Title A–Z]
          responses:
            '200':
              description: A page of items
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ItemPage'}
            '400': &failure
              description: A failure
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Envelope'}
      /api/items/{id}:
        parameters:
          - {name: id, in: path, required: true, schema: {type: integer}}
        get:
          summary: One item
          responses:
            '200':
              description: The item
              content:
                application/json:
                  schema:
                    allOf:
                      - $ref: '#/components/schemas/Envelope'
                      - properties:
                          datas: {$ref: '#/components/schemas/Item'}
      /api/categories:
        get:
          summary: Categories
          parameters: [*page, *limit]
          responses:
            '200':
              description: A page of categories
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/CategoryPage'}
      /api/reviews:
        get:
          summary: Reviews
          parameters:
            - *page
            - *limit
            - {name: item, in: query, schema: {type: integer}, description: Only this item's reviews}
          responses:
            '200':
              description: A page of reviews
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ReviewPage'}
      /api/makers:
        get:
          summary: Makers
          parameters: [*page, *limit]
          responses:
            '200':
              description: A page of makers
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/MakerPage'}
      /api/live:
        get:
          summary: Live
          description: 'New listings, newest first: the first page gains one every `every` seconds'
          operationId: listLive
          parameters:
            - *page
            - *limit
            - name: every
              in: query
              schema: {type: number, minimum: 0.2, maximum: 3600, default: 5}
              description: Seconds between new listings
          responses:
            '200':
              description: A page of listings
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/ListingPage'}
            '400': *failure
      /api/items/{id}/sold:
        post:
          summary: Mark sold
          responses: {'200': {description: The item}}
        delete:
          summary: Put back on sale
          responses: {'200': {description: The item}}
    components:
      schemas:
        Envelope:
          type: object
          properties:
            code: {type: integer, example: 200}
            msg: {type: string, example: success}
          required: [code, msg]
        Page:
          type: object
          properties:
            page: {type: integer, minimum: 1}
            total: {type: integer}
            totalPage: {type: integer}
        Item:
          type: object
          properties:
            id: {type: integer}
            title: {type: string}
            subtitle: {type: string}
            description:
              anyOf: [{type: string}, {type: 'null'}]
            price: {type: number, description: Price in euros, x-currency: EUR}
            rating: {type: number}
            status: {type: string, enum: [for sale, sold]}
            created_at: {type: integer, description: Unix seconds}
            image: {type: string, format: uri}
            link: {type: string, format: uri}
        Category:
          type: object
          properties:
            id: {type: integer}
            name: {type: string}
            items: {type: integer}
            image: {type: string, format: uri}
        Review:
          type: object
          properties:
            id: {type: string}
            item: {type: integer}
            author: {type: string}
            text: {type: string}
            rating: {type: integer}
            image: {type: string, format: uri}
        Maker:
          type: object
          properties:
            id: {type: integer}
            name: {type: string}
            city: {type: string}
            founded: {type: integer}
            image: {type: string, format: uri}
        Listing:
          type: object
          properties:
            id: {type: integer}
            title: {type: string}
            price: {type: number, description: Price in euros, x-currency: EUR}
            created_at: {type: integer, description: Unix seconds}
            seller:
              type: object
              properties:
                name: {type: string}
                city: {type: string}
        ItemPage:
          allOf:
            - $ref: '#/components/schemas/Envelope'
            - properties:
                datas:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - properties:
                        list: {type: array, items: {$ref: '#/components/schemas/Item'}}
        CategoryPage:
          allOf:
            - $ref: '#/components/schemas/Envelope'
            - properties:
                datas:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - properties:
                        list: {type: array, items: {$ref: '#/components/schemas/Category'}}
        ReviewPage:
          allOf:
            - $ref: '#/components/schemas/Envelope'
            - properties:
                datas:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - properties:
                        list: {type: array, items: {$ref: '#/components/schemas/Review'}}
        MakerPage:
          allOf:
            - $ref: '#/components/schemas/Envelope'
            - properties:
                datas:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - properties:
                        list: {type: array, items: {$ref: '#/components/schemas/Maker'}}
        ListingPage:
          allOf:
            - $ref: '#/components/schemas/Envelope'
            - properties:
                datas:
                  allOf:
                    - $ref: '#/components/schemas/Page'
                    - properties:
                        list: {type: array, items: {$ref: '#/components/schemas/Listing'}}
    """#
}
